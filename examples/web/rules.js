// A short page of rules per game, in plain words (the full rules, with their
// numbers, are doc/rules/*.md).  Shown by the page's "Rules" button.
export const RULES = {
  backgammon: [
    'Two players race fifteen checkers each around 24 points, in opposite directions, into their home board and then off. White (light) moves from 24 down to 1, Red (dark) the other way; the board numbers the points for the player to move.',
    'Roll two dice and move one checker per die, by that many points, to a point not held by two or more enemy checkers. Doubles are played four times. You must use both dice if you can (or the larger one if only one can be played).',
    'Landing on a lone enemy checker (a blot) hits it: it goes to the bar and must come back in the opponent\'s home board before anything else moves. Once all your checkers are home you bear them off.',
    'The cube: before rolling you may double the stakes; the other player takes (and owns the cube) or drops (and loses the game at the current value). A gammon (the loser bore off none) counts double, a backgammon triple.',
    'On this page: tap one of your checkers (or drag it), then a highlighted point; repeat for each die. Undo step takes back the last checker; Play commits the whole move.',
  ],
  'dice-poker': [
    'Each player fills a card of fifteen rows (School 1–6, then Pair, Three of a kind, Two pairs, Full house, Four of a kind, Poker, Small and Large straight, Sum), one cell per column, left to right.',
    'A turn: throw five dice; up to twice more you may keep some and throw the rest again. Then write one row. A combination row scores the dice that form it (Four +20, Poker +50); thrown with all five at once, it counts double. Any combination row may be struck instead, for nothing.',
    'School n closes with three or more dice showing n (extra ones go to your reserve); with fewer, the reserve pays for the missing dice if it can; otherwise the cell is a zero, worth −200 at the end.',
    'Full rows and full columns earn bonuses. The highest card wins.',
    'On this page: tap dice to hold them (held dice turn yellow), then throw again; or tap a row\'s value on your card to write it (✗ strikes it).',
  ],
  'wise-dice': [
    'An 8×12 board; South (blue) starts on row 1, North (red) on row 12. Each side has six pawns named 1 to 6, placed on its home row at the start.',
    'Each move rolls four dice, and you give each die a role: one picks the pawn (its number), one the direction (1 right, 2 backwards straight or diagonal, 3 left, 4 forwards, 5 a forward diagonal, 6 any), one the distance, and one the points scored.',
    'A pawn jumps over anything in its way and lands on top of whatever is there, building a tower: that earns another move. Crossing the middle forwards scores 10 more; leaving the board over the far edge scores 20 and ends your turn; the other side then plays a last turn, and the higher score wins.',
    'On this page: tap a pawn, then one of its highlighted squares (or the exit bar); if several dice assignments go there, pick one by its points.',
  ],
  plateau: [
    'A 4×4 board and twelve pieces each, every piece with two faces (blank, red, blue or orange). Black (seat 0) and White (seat 1) each set up a stack of two pieces on the border, then take turns.',
    'A turn is one of: bring a piece from your reserve onto an empty square or into your own stack (face of your choice up); move your top unit (the run of your pieces on top of a stack), its top face deciding how: red straight, blue diagonally, blank either, orange a knight\'s leap; or offer prisoners for an exchange.',
    'Landing with a coloured face on enemy pieces captures as many as your unit counts. Six pieces of yours in one unit, or six prisoners, wins.',
    'Hidden information: you see your own faces; the other player sees only faces that have been shown. In a hot-seat game the page hands the screen over between turns, but a game inside one browser cannot hide anything from someone who opens the developer tools: only a game refereed by a server (play online) keeps secrets.',
    'On this page: tap a reserve piece button, then a square (set-up: bottom piece, top piece, square); for a move tap your stack, choose how many pieces to lift, then a highlighted square.',
  ],
};
