/* alea-referee --serve when built without jansson (see referee_serve.h). */
#include "referee_serve.h"

int ex_referee_serve_main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "alea-referee: --serve is not available: this alea-referee was built "
                    "without jansson (install libjansson-dev and rebuild)\n");
    return 2;
}
