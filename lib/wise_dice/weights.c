/*
 * Wise dice: the fitted weights of the evaluation (eval.h).
 * Written by tests/tools/wd_fit.c; do not edit.
 *
 *   alea-wd-fit --rounds 5 --games 5000 --seed 1 --write-c lib/wise_dice/weights.c
 *
 * seed 1, 5 rounds of 5000 self-play games.
 */
#include "wise_dice/eval.h"

/* clang-format off */
const wd_eval_weights alea__wd_weights = {
    {
        0.061846, /* free pawns on row 1 */
        2.117594, /* row 2 */
        2.178843, /* row 3 */
        2.629275, /* row 4 */
        2.107191, /* row 5 */
        2.703660, /* row 6 */
        -0.625116, /* row 7 */
        -0.852059, /* row 8 */
        -2.232760, /* row 9 */
        -0.518901, /* row 10 */
        -0.995865, /* row 11 */
        0.849179, /* row 12 */
        -4.249957, /* blocked under an own pawn */
        -3.172929, /* blocked under an enemy pawn */
        6.899304, /* home row clear */
        0.622390, /* home row clear: free pawns in the far half */
        5.291895, /* the roll (constant) */
    },
    23.225787, /* sigma */
};
/* clang-format on */
