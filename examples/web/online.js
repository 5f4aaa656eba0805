// Play online: a game between two browsers, refereed by the server
// (examples/online/alea_online.py, protocol in doc/online.md).  The page
// decides nothing here: the server's referee (alea-referee --serve) checks
// every move, throws the dice, and sends each browser only its own seat's
// view, legal moves and what it may know of each move (Plateau's hidden
// faces stay on the server, R11).
//
// Two layers, both exported:
//   OnlineClient   the connection (no DOM): create a game, join one by its
//                  link's credentials, send a move text, receive this seat's
//                  states and events; it joins again by itself when the socket
//                  closes, with the seat's token.
//   mountOnline()  the "Play online" section of the page, on OnlineClient.
//
// A link names a game, a seat and that seat's secret token:
//   http://HOST/examples/web/#play=GAME.SEAT.TOKEN
// The token is the seat: whoever holds it plays that seat, so the page takes
// it out of the address bar once read and keeps it in sessionStorage (this
// tab only), from where a reload resumes the game.

const STORE = 'alea-online';

/** The WebSocket address of the server that served this page. */
export function socketUrl(loc = window.location) {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}

/** The credentials in a link's fragment (`#play=GAME.SEAT.TOKEN`), or null. */
export function parseLink(hash) {
  const m = /^#?play=([A-Za-z0-9_-]{1,64})\.([0-9]{1,2})\.([A-Za-z0-9_-]{1,128})$/.exec(hash || '');
  return m ? { game: m[1], seat: Number(m[2]), token: m[3] } : null;
}

/** The link that lets its holder join `game` as `seat` (base: this page's URL). */
export function inviteLink(base, { game, seat, token }) {
  return `${String(base).split('#')[0]}#play=${game}.${seat}.${token}`;
}

/**
 * One seat's connection to the server.  Handlers (all optional), each given
 * the server's message as an object (doc/online.md):
 *   onJoined(msg)    {game, seat, token, spec, players, history, invites?}
 *   onState(msg)     {seq, to_move, seat, view, legal, result, present}
 *   onEvent(msg)     {seq, by, text}: a move or a throw as this seat may know it
 *   onRefused(msg)   {op, status, reason}: nothing was changed
 *   onPresence(msg)  {present}: which seats have a socket
 *   onClosed(reason) the game is gone (idle, or the seat joined elsewhere)
 *   onConnection(s)  'connecting' | 'open' | 'lost' (retrying) | 'failed'
 */
export class OnlineClient {
  constructor(handlers = {}, url = socketUrl()) {
    this.h = handlers;
    this.url = url;
    this.ws = null;
    this.creds = null; // {game, seat, token} once joined
    this.seq = null; // the position of the last state received
    this.retry = 0;
    this.timer = null;
    this.pending = null; // the first request, sent once the socket opens
    this.ended = false;
  }

  /** Creates a game of `spec` (e.g. "backgammon match=3"); this socket takes `seat`. */
  create(spec, seat = 0) {
    this.ended = false;
    this.creds = null;
    this.pending = { op: 'create', spec, seat };
    this.connect();
  }

  /** Joins (or joins again) a game with a link's credentials {game, seat, token}. */
  join(creds) {
    this.ended = false;
    this.creds = { ...creds };
    this.pending = { op: 'join', ...this.creds };
    this.connect();
  }

  /** Sends a move text for the position last received; false when not connected. */
  move(text) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || this.seq === null) return false;
    this.ws.send(JSON.stringify({ op: 'move', seq: this.seq, move: text }));
    return true;
  }

  /** Closes the socket for good (no retry). */
  close() {
    this.ended = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close(1000, 'left');
    this.ws = null;
  }

  call(name, arg) {
    if (typeof this.h[name] === 'function') this.h[name](arg);
  }

  connect() {
    clearTimeout(this.timer);
    if (this.ws) {
      this.ws.onclose = null;
      this.ws.close(1000, 'reconnecting');
    }
    this.call('onConnection', 'connecting');
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this.call('onConnection', 'failed');
      return;
    }
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.retry = 0;
      this.call('onConnection', 'open');
      ws.send(JSON.stringify(this.pending));
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      this.receive(msg);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      // 4001: the seat was joined from elsewhere; 4002: the game was closed
      if (this.ended || ev.code === 4001 || ev.code === 4002) return;
      if (!opened && !this.creds) {
        this.call('onConnection', 'failed');
        return;
      }
      if (!this.creds) return;
      // a lost socket: join again with the seat's token, waiting longer each time
      this.pending = { op: 'join', ...this.creds };
      this.call('onConnection', 'lost');
      const delay = Math.min(10000, 500 * 2 ** this.retry++);
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  receive(msg) {
    switch (msg.type) {
      case 'joined':
        this.creds = { game: msg.game, seat: msg.seat, token: msg.token };
        this.pending = { op: 'join', ...this.creds };
        this.call('onJoined', msg);
        break;
      case 'state':
        this.seq = msg.seq;
        this.call('onState', msg);
        break;
      case 'event':
        this.call('onEvent', msg);
        break;
      case 'refused':
        if (msg.op === 'join' || msg.op === 'create') this.ended = true;
        this.call('onRefused', msg);
        break;
      case 'presence':
        this.call('onPresence', msg);
        break;
      case 'replaced':
      case 'closed':
        this.ended = true;
        this.call('onClosed', msg.reason);
        break;
      default:
        break;
    }
  }
}

// ---- the page's section --------------------------------------------------

function node(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function saved() {
  try {
    return parseLink(`#play=${sessionStorage.getItem(STORE) || ''}`);
  } catch {
    return null;
  }
}

function save(creds) {
  try {
    if (creds) sessionStorage.setItem(STORE, `${creds.game}.${creds.seat}.${creds.token}`);
    else sessionStorage.removeItem(STORE);
  } catch {
    // storage refused (private mode): a reload then loses the seat, the link does not
  }
}

/**
 * Builds the "Play online" section into `container` and wires `openButton`.
 *   spec()                      the game spec chosen in the page's set-up
 *   drawBoard(game, view, seat, turn)
 *                               a board element for a seat's view (the
 *                               referee's JSON observation), or null; on the
 *                               seat's turn, turn = {legal, send}: the legal
 *                               moves the server sent and send(text), which
 *                               sends a move (the board may build moves from
 *                               the legal list; the server referees them)
 *   onShow(shown)               called when the section opens (true) or closes
 * A link in the address bar (#play=...) or a game of this tab (sessionStorage)
 * opens the section and joins at once.  Returns the OnlineClient.
 */
export function mountOnline({ container, openButton, spec, drawBoard = () => null, onShow = () => {} }) {
  container.textContent = '';
  container.hidden = true;
  const head = node('h2', {}, 'Play online');
  const help = node('p', { class: 'online-help' },
    'Play the game and options chosen above against someone in another browser: create the game, ' +
    'send them the link, and play when it is your turn. The server checks every move; each browser ' +
    'is sent only what its seat may see.');
  const create = node('button', { id: 'online-create', type: 'button' }, 'Create game');
  const leave = node('button', { id: 'online-leave', type: 'button' }, 'Leave');
  const bar = node('div', { class: 'online-bar' });
  bar.append(create, leave);
  const invite = node('div', { id: 'online-invite', hidden: '' });
  const status = node('p', { id: 'online-status', role: 'status' });
  const message = node('p', { id: 'online-message', role: 'alert' });
  const board = node('div', { id: 'online-board', 'aria-label': 'Board' });
  const form = node('form', { id: 'online-form' });
  const field = node('input', { id: 'online-move', size: '24', autocomplete: 'off', placeholder: 'your move in notation', 'aria-label': 'your move' });
  const play = node('button', { id: 'online-play', type: 'submit' }, 'Play');
  form.append(field, play);
  const movesHead = node('h3', {}, 'Your legal moves');
  const moves = node('ol', { id: 'online-moves' });
  const histHead = node('h3', {}, 'Moves');
  const history = node('ol', { id: 'online-history' });
  const side = node('div', { class: 'online-side' });
  side.append(form, movesHead, moves, histHead, history);
  const play2 = node('div', { class: 'online-play' });
  play2.append(board, side);
  // the status and the last message above the board: in sight on a phone too
  container.append(head, help, bar, invite, status, message, play2);

  let me = null; // {game, seat, token, spec, players}
  let last = null; // the last state
  const seen = new Set(); // the seqs of the history shown
  const everPresent = new Set(); // the seats seen connected (to say "join" or "come back")

  const phase = (p) => { document.body.dataset.online = p; };
  const say = (text, ok = false) => {
    message.textContent = text;
    message.className = ok ? 'ok' : '';
  };
  const show = (shown) => {
    container.hidden = !shown;
    if (!shown) phase('off');
    onShow(shown);
  };

  function addHistory(ev) {
    if (seen.has(ev.seq)) return;
    seen.add(ev.seq);
    const li = node('li', { 'data-seq': String(ev.seq) });
    li.textContent = ev.by === 'chance' ? ev.text
      : `seat ${ev.by}${me && ev.by === me.seat ? ' (you)' : ''}: ${ev.text}`;
    // keep the list in position order (a join sends the whole history)
    const after = [...history.children].find((c) => Number(c.dataset.seq) > ev.seq);
    history.insertBefore(li, after || null);
    history.scrollTop = history.scrollHeight;
  }

  function showInvites(invites) {
    invite.textContent = '';
    if (!invites || !invites.length) {
      invite.hidden = true;
      return;
    }
    for (const inv of invites) {
      const link = inviteLink(window.location.href, { game: me.game, seat: inv.seat, token: inv.token });
      const label = node('label', {}, `Link for seat ${inv.seat} (send it to your opponent): `);
      const box = node('input', { id: `online-link-${inv.seat}`, class: 'online-link', readonly: '', value: link });
      box.addEventListener('focus', () => box.select());
      const copy = node('button', { type: 'button' }, 'Copy');
      copy.addEventListener('click', () => {
        box.select();
        if (navigator.clipboard) navigator.clipboard.writeText(link).catch(() => {});
      });
      label.append(box, ' ', copy);
      invite.append(label);
    }
    invite.hidden = false;
  }

  function sendMove(text) {
    if (!text) return;
    if (!client.move(text)) say('Not connected: the move was not sent.');
  }

  function render(st) {
    const game = me.spec.split(' ')[0];
    board.textContent = '';
    const mine = st.to_move === me.seat;
    const drawn = st.view ? drawBoard(game, st.view, me.seat, mine ? { legal: st.legal, send: sendMove } : null) : null;
    if (drawn) board.appendChild(drawn);
    else board.appendChild(node('pre', {}, st.view ? st.view.text : ''));
    board.dataset.game = game;
    const present = st.present || [];
    const away = present.map((p, k) => (p ? -1 : k)).filter((k) => k >= 0 && k !== me.seat);
    let text;
    if (st.to_move === 'terminal') {
      const r = st.result || {};
      const score = (r.scores || []).join(' – ');
      text = r.winner === me.seat ? `Game over: you win (${score})`
        : r.draw ? `Game over: a draw (${score})`
          : typeof r.winner === 'number' ? `Game over: seat ${r.winner} wins (${score})` : `Game over (${score})`;
      phase('over');
    } else if (mine) {
      text = `Your move (seat ${me.seat}): ${st.legal.length} legal ${st.legal.length === 1 ? 'move' : 'moves'}`;
      phase('turn');
    } else {
      text = `Seat ${st.to_move} to play`;
      phase('wait');
    }
    present.forEach((p, k) => { if (p) everPresent.add(k); });
    if (away.length && st.to_move !== 'terminal') {
      text += away.map((k) => ` · waiting for seat ${k} to ${everPresent.has(k) ? 'come back' : 'join'}`).join('');
    }
    status.textContent = text;
    field.disabled = play.disabled = !mine;
    moves.textContent = '';
    for (const m of mine ? st.legal : []) {
      const li = node('li');
      const b = node('button', { type: 'button', class: 'online-legal' }, m);
      b.addEventListener('click', () => sendMove(m));
      li.append(b);
      moves.append(li);
    }
    moves.hidden = movesHead.hidden = !mine;
    container.dataset.seq = String(st.seq);
  }

  const client = new OnlineClient({
    onJoined(msg) {
      if (!me || me.game !== msg.game) everPresent.clear(); // another game
      me = { game: msg.game, seat: msg.seat, token: msg.token, spec: msg.spec, players: msg.players };
      save(me);
      history.textContent = '';
      seen.clear();
      for (const ev of msg.history) addHistory(ev);
      showInvites(msg.invites);
      container.dataset.seat = String(msg.seat);
      head.textContent = `Play online: ${msg.spec.split(' ')[0]}, you are seat ${msg.seat}`;
      say(`You play seat ${msg.seat} of ${msg.spec}.`, true);
    },
    onState(msg) {
      // a new position: the last refusal's message is history
      if (last && msg.seq !== last.seq) say('');
      last = msg;
      if (me) render(msg);
    },
    onEvent(msg) {
      addHistory(msg);
    },
    onRefused(msg) {
      say(`${msg.status}: ${msg.reason}`);
      if (msg.op === 'join') {
        save(null);
        phase('closed');
      }
    },
    onPresence(msg) {
      if (last && me) render({ ...last, present: msg.present });
    },
    onClosed(reason) {
      save(null);
      say(`The game is closed: ${reason}.`);
      phase('closed');
      field.disabled = play.disabled = true;
      moves.textContent = '';
    },
    onConnection(state) {
      if (state === 'connecting' && !me) phase('connecting');
      if (state === 'lost') say('Connection lost: joining again…');
      if (state === 'open' && me) say('');
      if (state === 'failed') {
        phase('closed');
        say('No online server here: this page was not served by examples/online/alea_online.py ' +
          '(start it with  /usr/bin/python3 examples/online/alea_online.py  and open the address it prints).');
      }
    },
  });

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = field.value.trim();
    if (text) {
      sendMove(text);
      field.value = '';
    }
  });
  create.addEventListener('click', () => {
    me = null;
    last = null;
    history.textContent = '';
    seen.clear();
    board.textContent = '';
    moves.textContent = '';
    showInvites([]);
    status.textContent = 'Creating the game…';
    say('');
    client.create(spec());
  });
  leave.addEventListener('click', () => {
    client.close();
    save(null);
    me = null;
    head.textContent = 'Play online';
    show(false);
  });
  openButton.addEventListener('click', () => show(container.hidden));

  // a link (#play=...) or this tab's game: open the section and join
  const link = parseLink(window.location.hash);
  if (window.location.hash.startsWith('#play=')) {
    // the token is the seat: out of the address bar (and of bookmarks, shares, history)
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  const creds = link || saved();
  if (creds) {
    show(true);
    status.textContent = 'Joining the game…';
    client.join(creds);
  } else {
    phase('off');
  }
  return client;
}
