/*
 * The "state" object of the JSON form (doc/rules/backgammon.md "JSON keys"):
 *
 *   phase          "opening" "cube" "dice" "move" "take" "beavered" "resign" "over"
 *   turn           player on roll (0 White, 1 Red)
 *   to_act         player who must act now, or null (chance, over)
 *   dice           [larger, smaller] or []
 *   points         [[26 counts], [26 counts]]: own numbering, [0] borne off, [25] bar
 *   pips           [White, Red]
 *   cube           {"enabled", "value", "owner": 0, 1 or null, "offered"}
 *   resign         level offered (0 none, 1 single, 2 gammon, 3 backgammon)
 *   mode           "single", "match" or "money"
 *   match_length   points of the match, or 0
 *   games          games of the money session, or 1
 *   games_played   games finished
 *   crawford       this game is the Crawford game
 *   post_crawford  the Crawford game has been played
 *   last           {"winner", "value", "multiplier", "how"} of the last finished game, or null
 *   position_id    gnubg Position ID (§8)
 *   match_id       gnubg Match ID (§9)
 */
#include "backgammon/bg.h"

static const char *const phases[] = {"opening", "cube",     "dice",   "move",
                                     "take",    "beavered", "resign", "over"};

void alea__bg_write_json(alea__buf *b, const alea_state *st) {
    const bg_state *s = bg_cof(st);
    int to_act = alea__bg_to_act(s);
    char pid[15], mid[13];
    alea__buf_printf(b, "{\"phase\":\"%s\",\"turn\":%d,\"to_act\":", phases[s->phase], s->turn);
    if (to_act >= 0)
        alea__buf_printf(b, "%d", to_act);
    else
        alea__buf_puts(b, "null");
    if (s->die[0])
        alea__buf_printf(b, ",\"dice\":[%d,%d]", s->die[0], s->die[1]);
    else
        alea__buf_puts(b, ",\"dice\":[]");
    alea__buf_puts(b, ",\"points\":[");
    for (int p = 0; p < 2; p++) {
        int c[26];
        alea__bg_counts(s, p, c);
        alea__buf_puts(b, p ? ",[" : "[");
        for (int i = 0; i < 26; i++)
            alea__buf_printf(b, "%s%d", i ? "," : "", c[i]);
        alea__buf_putc(b, ']');
    }
    alea__buf_printf(b, "],\"pips\":[%d,%d],\"cube\":{\"enabled\":%s,\"value\":%d,\"owner\":",
                     alea__bg_pips(s, 0), alea__bg_pips(s, 1),
                     (s->opt & BG_OPT_CUBE) ? "true" : "false", 1 << s->cube_log);
    if (s->cube_owner == BG_CENTRE)
        alea__buf_puts(b, "null");
    else
        alea__buf_printf(b, "%d", s->cube_owner);
    bool crawford = s->flags & BG_FLAG_CRAWFORD;
    bool post = s->mode == BG_MODE_MATCH && !crawford && (s->opt & BG_OPT_CRAWFORD) &&
                (s->opt & BG_OPT_CUBE) &&
                (s->score[0] == s->length - 1u || s->score[1] == s->length - 1u);
    static const char *const modes[] = {"single", "match", "money"};
    alea__buf_printf(b,
                     ",\"offered\":%s},\"resign\":%d,\"mode\":\"%s\",\"match_length\":%d,"
                     "\"games\":%d,\"games_played\":%d,\"crawford\":%s,\"post_crawford\":%s,"
                     "\"last\":",
                     (s->phase == BG_TAKE || s->phase == BG_BEAVERED) ? "true" : "false",
                     s->phase == BG_RESIGN ? s->resign : 0, modes[s->mode],
                     s->mode == BG_MODE_MATCH ? s->length : 0,
                     s->mode == BG_MODE_MONEY ? s->length : 1, s->games_played,
                     crawford ? "true" : "false", post ? "true" : "false");
    if (s->games_played) {
        static const char *const how[] = {"", "bearoff", "drop", "resign"};
        alea__buf_printf(b, "{\"winner\":%d,\"value\":%d,\"multiplier\":%d,\"how\":\"%s\"}",
                         s->last_winner, s->last_mult << s->last_cube, s->last_mult,
                         how[s->last_how]);
    } else {
        alea__buf_puts(b, "null");
    }
    alea__bg_position_id(pid, s);
    alea__bg_match_id(mid, s);
    alea__buf_printf(b, ",\"position_id\":\"%s\",\"match_id\":\"%s\"}", pid, mid);
}
