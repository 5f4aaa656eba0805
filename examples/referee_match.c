/* alea-referee for backgammon match files (.mat, .sgf): see matchfile.h. */
#include "common.h"
#include "matchfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int ex_referee_match(const char *path, int format, size_t max_bytes) {
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    size_t len = 0;
    char *text = ex_read_file_max(path, max_bytes, &len);
    if (!text && errno == EFBIG) {
        fprintf(stderr,
                "alea-referee: %s: match file larger than %zu bytes: refused (--max-bytes N "
                "raises the limit)\n",
                name, max_bytes);
        return 2;
    }
    if (!text) {
        fprintf(stderr, "alea-referee: %s: %s\n", name, strerror(errno));
        return 2;
    }
    ex_actions game;
    alea_error err = {0};
    alea_status s = ex_actions_read(&game, text, len, format, &err);
    free(text);
    size_t count = game.count;
    ex_actions_free(&game);
    if (s == ALEA_OUT_OF_MEMORY) {
        fprintf(stderr, "alea-referee: out of memory\n");
        return 2;
    }
    if (s != ALEA_OK) {
        printf("%s\n", err.message); /* game G move M (line L): reason */
        return 1;
    }
    const alea_backgammon_match_info *m = &game.info;
    if (m->match_length > 0)
        printf("OK: %d game%s of a match to %d, %zu actions, score %s %d - %s %d%s\n", m->games,
               m->games == 1 ? "" : "s", m->match_length, count, m->names[0], m->score[0],
               m->names[1], m->score[1],
               m->score[0] >= m->match_length || m->score[1] >= m->match_length ? " (match over)"
                                                                                : "");
    else
        printf("OK: %d money game%s, %zu actions, points %s %d - %s %d\n", m->games,
               m->games == 1 ? "" : "s", count, m->names[0], m->score[0], m->names[1], m->score[1]);
    return 0;
}
