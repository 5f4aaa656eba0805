/* The games the registry knows, one static descriptor each (lib/<game>/). */
#ifndef ALEA_CORE_GAMES_H
#define ALEA_CORE_GAMES_H

#include "core/impl.h"

extern const alea_game alea__dice_poker_game;
extern const alea_game alea__wise_dice_game;
extern const alea_game alea__plateau_game;
extern const alea_game alea__backgammon_game;

#endif
