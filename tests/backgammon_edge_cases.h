/* Generated from ../shared/rules/backgammon_edge_cases.txt (GNU Backgammon 1.07):
   per case the Position ID, the dice, and per legal move the Position ID after
   it (opponent on roll), the ID with the mover still on roll, and gnubg's notation. */
typedef struct edge_move {
    const char *after, *mover, *text;
} edge_move;
typedef struct edge_case {
    const char *pid;
    int d1, d2;
    int n;
    edge_move moves[12];
} edge_case;
static const edge_case edge_cases[] = {
    {"4P8DABj/PwAEAA", 6, 5, 1, {{"/z8QAADg/wMAGA", "4P8DABj/PxAAAA", "13/7"}}},
    {"YNu2AwDg/wcAIA", 6, 5, 1, {{"wf8HACBg27YDAA", "YNu2AwDB/wcAIA", "6/1"}}},
    {"22zABwDgc/ABYA",
     4,
     4,
     12,
     {{"0OfgAQbbbMAHAA", "22zABwDQ5+ABBg", "bar/21(2) 13/5"},
      {"4HPDAQbbbMAHAA", "22zABwDgc8MBBg", "bar/21(2) 13/9(2)"},
      {"4HPhIQTbbMAHAA", "22zABwDgc+EhBA", "bar/17 bar/21 13/9"},
      {"4HPwAwTbbMAHAA", "22zABwDgc/ADBA", "bar/13 bar/21"},
      {"4HPwYQDbbMAHAA", "22zABwDgc/BhAA", "bar/17(2)"},
      {"hnPwAQbbbMAHAA", "22zABwCGc/ABBg", "bar/21(2) 6/2(2)"},
      {"kmfwAQbbbMAHAA", "22zABwCSZ/ABBg", "bar/21(2) 8/4 6/2"},
      {"mE/wAQbbbMAHAA", "22zABwCYT/ABBg", "bar/21(2) 8/4(2)"},
      {"wnPhAQbbbMAHAA", "22zABwDCc+EBBg", "bar/21(2) 13/9 6/2"},
      {"wnPwIQTbbMAHAA", "22zABwDCc/AhBA", "bar/17 bar/21 6/2"},
      {"yGfhAQbbbMAHAA", "22zABwDIZ+EBBg", "bar/21(2) 13/9 8/4"},
      {"yGfwIQTbbMAHAA", "22zABwDIZ/AhBA", "bar/17 bar/21 8/4"}}},
    {"22zABwDgc/ABYA", 6, 6, 0, {{NULL, NULL, NULL}}},
    {"22zABwDgc/ABYA", 4, 2, 1, {{"4HPwAULbbMAHAA", "22zABwDgc/ABQg", "bar/21"}}},
    {"APB9HwA2AQAAAA",
     6,
     4,
     2,
     {{"FgAAAADf9wEAAA", "APB9HwAWAAAAAA", "5/off 3/off"},
      {"LQAAAAC+7wMAAA", "APB9HwAtAAAAAA", "5/1 3/off"}}},
    {"APB9HwANAwAAAA", 5, 3, 1, {{"WwAAAAB83wcAAA", "APB9HwBbAAAAAA", "6/3 6/1"}}},
    {"APD/ATB43wcAQA", 6, 6, 1, {{"eN8XAAAA8P8BMA", "APD/ATB43xcAAA", "bar/7"}}},
    {"APD/ATB43wcAQA", 6, 5, 1, {{"eN8HCAAA8P8BMA", "APD/ATB43wcIAA", "bar/14"}}},
    {"yOfgAwDwOfgAKA",
     4,
     3,
     10,
     {{"0GfwASLgc/ABIA", "4HPwASDoM/gAEQ", "bar/21* 8/5"},
      {"4HPhASTI5+ADAA", "yOfgAwDwufAAEg", "bar/22 13/9"},
      {"4HPiASLgc/ABIA", "4HPwASDwOfEAEQ", "bar/21* 13/10"},
      {"4HPwAQbgc/ABIA", "4HPwASDwOfgAAw", "bar/21* 24/21"},
      {"4HPwAQnI5+ADAA", "yOfgAwDwOfiABA", "bar/22 24/20"},
      {"4HPwQSDI5+ADAA", "yOfgAwDwOfggEA", "bar/18"},
      {"4HPwQSDgc/ABIA", "4HPwASDwOfggEA", "bar/21*/18"},
      {"wnPwASTI5+ADAA", "yOfgAwDhOfgAEg", "bar/22 6/2"},
      {"xHPwASLgc/ABIA", "4HPwASDiOfgAEQ", "bar/21* 6/3"},
      {"yGfwASTI5+ADAA", "yOfgAwDkM/gAEg", "bar/22 8/4"}}},
    {"sM22AwCA/x8AIA",
     6,
     1,
     4,
     {{"Af8fACCwzbYDAA", "sM22AwAB/x8AIA", "8/1"},
      {"Av8fABCwzbYDAA", "sM22AwAC/x8AEA", "24/23 8/2"},
      {"gP8fQACwzbYDAA", "sM22AwCA/x9AAA", "24/17"},
      {"gv4fACCwzbYDAA", "sM22AwCC/h8AIA", "8/7 8/2"}}},
};
