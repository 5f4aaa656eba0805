/* Option specs: "<game> key=value ...", every error named, canonical output. */
#include "core/impl.h"
#include "support.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const alea_option_info fake_options[] = {
    {"size", "an integer", ALEA_OPTION_INT, -5, 9, 3, NULL},
    {"cube", "a boolean", ALEA_OPTION_BOOL, 0, 1, 1, NULL},
    {"opening", "a choice", ALEA_OPTION_CHOICE, 0, 2, 0, "seeds|standard|free"},
};

/* Only the fields the option parser reads. */
static const alea_game fake_game = {
    .id = "fake",
    .options = fake_options,
    .option_count = 3,
};

static alea_status parse_fake(int32_t *v, const char *text, alea_error *err) {
    return alea__options_parse(&fake_game, v, text, err);
}

START_TEST(test_defaults_when_no_options) {
    int32_t v[3];
    ck_assert_int_eq(parse_fake(v, "", NULL), ALEA_OK);
    ck_assert_int_eq(v[0], 3);
    ck_assert_int_eq(v[1], 1);
    ck_assert_int_eq(v[2], 0);
}
END_TEST

START_TEST(test_int_bool_choice_values) {
    int32_t v[3];
    ck_assert_int_eq(parse_fake(v, "size=-5 cube=off opening=standard", NULL), ALEA_OK);
    ck_assert_int_eq(v[0], -5);
    ck_assert_int_eq(v[1], 0);
    ck_assert_int_eq(v[2], 1);
    ck_assert_int_eq(parse_fake(v, "cube=yes, opening=FREE,size=+9", NULL), ALEA_OK);
    ck_assert_int_eq(v[0], 9);
    ck_assert_int_eq(v[1], 1);
    ck_assert_int_eq(v[2], 2);
    for (const char *const *w = (const char *const[]){"on", "true", "1", "Yes", NULL}; *w; w++) {
        char text[32];
        snprintf(text, sizeof text, "cube=%s", *w);
        ck_assert_int_eq(parse_fake(v, text, NULL), ALEA_OK);
        ck_assert_int_eq(v[1], 1);
    }
}
END_TEST

static void expect_error(const char *text, alea_status want, const char *fragment) {
    int32_t v[3];
    alea_error err;
    memset(&err, 0, sizeof err);
    ck_assert_int_eq(parse_fake(v, text, &err), want);
    ck_assert_int_eq(err.status, want);
    ck_assert_msg(strstr(err.message, fragment), "'%s': message '%s' lacks '%s'", text, err.message,
                  fragment);
}

START_TEST(test_errors_name_the_problem) {
    expect_error("size=10", ALEA_BAD_OPTION, "out of range -5..9");
    expect_error("size=-6", ALEA_BAD_OPTION, "out of range");
    expect_error("size=99999999999999999999", ALEA_BAD_OPTION, "whole number");
    expect_error("size=x", ALEA_BAD_OPTION, "whole number");
    expect_error("size=3x", ALEA_BAD_OPTION, "bad value for option size");
    expect_error("cube=maybe", ALEA_BAD_OPTION, "expected on or off");
    expect_error("opening=later", ALEA_BAD_OPTION, "seeds|standard|free");
    expect_error("colour=red", ALEA_BAD_OPTION,
                 "no option 'colour' (options: size, cube, opening)");
    expect_error("size=1 size=2", ALEA_BAD_OPTION, "given twice");
    expect_error("size", ALEA_PARSE_ERROR, "expected '=' after 'size'");
    expect_error("=3", ALEA_PARSE_ERROR, "expected key=value");
    expect_error("cube=", ALEA_BAD_OPTION, "needs a value");
}
END_TEST

START_TEST(test_error_offset_points_at_the_option) {
    int32_t v[3];
    alea_error err;
    ck_assert_int_eq(parse_fake(v, "size=1 bogus=2", &err), ALEA_BAD_OPTION);
    ck_assert_int_eq(err.offset, 7);
}
END_TEST

START_TEST(test_canonical_spec_lists_every_option) {
    int32_t v[3] = {-2, 0, 2};
    char out[64];
    alea__buf b;
    alea__buf_init(&b, out, sizeof out);
    alea__spec_write(&b, &fake_game, v);
    ck_assert_int_eq(alea__buf_finish(&b, NULL), ALEA_OK);
    ck_assert_str_eq(out, "fake size=-2 cube=off opening=free");
}
END_TEST

/* JSON strings (RFC 8259 §7): quotes and backslashes escaped, control
   characters as \u00XX, the rest as is; also inside a JSON-mode buffer. */
START_TEST(test_json_string_escapes_rfc8259) {
    char out[64];
    alea__buf b;
    alea__buf_init(&b, out, sizeof out);
    alea__buf_json_string(&b, "a\"b\\c\n\x01" "d");
    ck_assert_int_eq(alea__buf_finish(&b, NULL), ALEA_OK);
    ck_assert_str_eq(out, "\"a\\\"b\\\\c\\u000a\\u0001d\"");
    ck_assert(test_json_valid(out));
    alea__buf_init(&b, out, sizeof out);
    b.json = true;
    alea__buf_puts(&b, "x\"y");
    ck_assert_int_eq(alea__buf_finish(&b, NULL), ALEA_OK);
    ck_assert_str_eq(out, "x\\\"y");
}
END_TEST

/* Through the public API, on every registered game. */
START_TEST(test_spec_errors_public) {
    alea_state st;
    alea_error err;
    ck_assert_int_eq(alea_state_init(&st, "", &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(alea_state_init(&st, "   ", &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(alea_state_init(&st, "chess", &err), ALEA_NOT_FOUND);
    ck_assert(strstr(err.message, "unknown game 'chess'"));
    ck_assert_int_eq(alea_state_init(&st, "=", &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(alea_state_init(NULL, "dice-poker", &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_init(&st, NULL, &err), ALEA_INVALID_ARGUMENT);
    for (size_t i = 0; i < alea_game_count(); i++) {
        char spec[128];
        const char *id = alea_game_id(alea_game_at(i));
        snprintf(spec, sizeof spec, "%s no-such-option=1", id);
        ck_assert_int_eq(alea_state_init(&st, spec, &err), ALEA_BAD_OPTION);
        ck_assert_int_eq(alea_state_init(&st, id, &err), ALEA_OK);
    }
}
END_TEST

/* Every option of every game: the default, min and max are accepted, and one
   past either end is refused; the canonical spec round-trips. */
START_TEST(test_every_option_range_public) {
    for (size_t i = 0; i < alea_game_count(); i++) {
        const alea_game *g = alea_game_at(i);
        alea_game_info info;
        ck_assert_int_eq(alea_game_get_info(&info, g), ALEA_OK);
        for (uint32_t k = 0; k < info.option_count; k++) {
            alea_option_info o;
            alea_state st, again;
            char spec[160], canon[256];
            ck_assert_int_eq(alea_game_option(&o, g, k), ALEA_OK);
            ck_assert(o.min <= o.def && o.def <= o.max);
            if (o.kind != ALEA_OPTION_INT)
                continue;
            snprintf(spec, sizeof spec, "%s %s=%d", info.id, o.name, (int)(o.max + 1));
            ck_assert_int_eq(alea_state_init(&st, spec, NULL), ALEA_BAD_OPTION);
            snprintf(spec, sizeof spec, "%s %s=%d", info.id, o.name, (int)(o.min - 1));
            ck_assert_int_eq(alea_state_init(&st, spec, NULL), ALEA_BAD_OPTION);
            snprintf(spec, sizeof spec, "%s %s=%d", info.id, o.name, (int)o.max);
            if (alea_state_init(&st, spec, NULL) != ALEA_OK)
                continue; /* a combination the game refuses on its own */
            ck_assert_int_eq(alea_state_spec(canon, sizeof canon, NULL, &st), ALEA_OK);
            ck_assert_int_eq(alea_state_init(&again, canon, NULL), ALEA_OK);
            ck_assert(alea_state_equal(&st, &again));
        }
        ck_assert_int_eq(alea_game_option(NULL, g, 0), ALEA_INVALID_ARGUMENT);
        {
            alea_option_info o;
            ck_assert_int_eq(alea_game_option(&o, g, info.option_count), ALEA_INVALID_ARGUMENT);
            ck_assert_int_eq(alea_game_option(&o, NULL, 0), ALEA_INVALID_ARGUMENT);
        }
    }
}
END_TEST

START_TEST(test_dice_poker_spec) {
    alea_state st;
    char canon[128];
    alea_error err;
    ck_assert_int_eq(alea_state_init(&st, "dice-poker players=3", NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_spec(canon, sizeof canon, NULL, &st), ALEA_OK);
    ck_assert_str_eq(canon, "dice-poker players=3 columns=3");
    ck_assert_int_eq(alea_state_num_players(&st), 3);
    ck_assert_int_eq(alea_state_init(&st, "dice-poker players=5", &err), ALEA_BAD_OPTION);
    ck_assert(strstr(err.message, "players=5 is out of range 1..4"));
    ck_assert_int_eq(alea_state_init(&st, "dice-poker columns=0", &err), ALEA_BAD_OPTION);
}
END_TEST

static Suite *options_suite(void) {
    Suite *s = suite_create("options");
    TCase *tc = tcase_create("options");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_defaults_when_no_options);
    tcase_add_test(tc, test_json_string_escapes_rfc8259);
    tcase_add_test(tc, test_int_bool_choice_values);
    tcase_add_test(tc, test_errors_name_the_problem);
    tcase_add_test(tc, test_error_offset_points_at_the_option);
    tcase_add_test(tc, test_canonical_spec_lists_every_option);
    tcase_add_test(tc, test_spec_errors_public);
    tcase_add_test(tc, test_every_option_range_public);
    tcase_add_test(tc, test_dice_poker_spec);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(options_suite());
}
