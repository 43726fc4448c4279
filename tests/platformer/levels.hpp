#pragma once
// The hand-made side-view levels of issue 13, each with one right answer under the flags the
// tests state. Shared by the library tests (level_check_test.cpp) and the CLI tests.
#include <string>

namespace catacomb::test::levels {

// A step of exactly 3 beside the start (exit on top): reachable with jump height 3, not 2.
inline const char* kStep3 =
    "##########\n"
    "#........#\n"
    "#......>.#\n"
    "#.....####\n"
    "#.....####\n"
    "#<....####\n"
    "##########\n";

// The same with a step of 4: not reachable with jump height 3.
inline const char* kStep4 =
    "##########\n"
    "#........#\n"
    "#......>.#\n"
    "#.....####\n"
    "#.....####\n"
    "#.....####\n"
    "#<....####\n"
    "##########\n";

// A gap of 4 empty columns over a deep pit: crossable with jump distance 4, not 3.
inline const char* kGap4 =
    "##############\n"
    "#............#\n"
    "#............#\n"
    "#<..........>#\n"
    "####....######\n"
    "####....######\n"
    "####....######\n"
    "####....######\n"
    "####....######\n"
    "##############\n";

// A gap of 5: not crossable with jump distance 4.
inline const char* kGap5 =
    "##############\n"
    "#............#\n"
    "#............#\n"
    "#<..........>#\n"
    "####.....#####\n"
    "####.....#####\n"
    "####.....#####\n"
    "####.....#####\n"
    "####.....#####\n"
    "##############\n";

// A tunnel one tile high: passable for body height 1, not 2.
inline const char* kTunnel =
    "##########\n"
    "#..####..#\n"
    "#<......>#\n"
    "##########\n";

// A ledge 4 above the floor (jump height 3), reachable only by the ladder.
inline const char* kLadderLedge =
    "##########\n"
    "#........#\n"
    "#......>.#\n"
    "#....H####\n"
    "#....H...#\n"
    "#....H...#\n"
    "#<...H...#\n"
    "##########\n";

// The same without the ladder: the ledge cannot be reached.
inline const char* kNoLadderLedge =
    "##########\n"
    "#........#\n"
    "#......>.#\n"
    "#.....####\n"
    "#........#\n"
    "#........#\n"
    "#<.......#\n"
    "##########\n";

// A one-way platform across the room: jumped up through from below, stood on at the exit.
inline const char* kPlatform =
    "#######\n"
    "#.....#\n"
    "#..>..#\n"
    "#-----#\n"
    "#.....#\n"
    "#..<..#\n"
    "#######\n";

// The same with a solid floor instead of the platform: the exit cannot be reached.
inline const char* kSolidShelf =
    "#######\n"
    "#.....#\n"
    "#..>..#\n"
    "#######\n"
    "#.....#\n"
    "#..<..#\n"
    "#######\n";

// A pit 4 deep beside the route (jump height 3): a softlock area of 4 cells at row 6.
inline const char* kPit4 =
    "############\n"
    "#..........#\n"
    "#<...>.....#\n"
    "######....##\n"
    "######....##\n"
    "######....##\n"
    "######....##\n"
    "############\n";

// A pit exactly 3 deep: the body jumps out, no softlock.
inline const char* kPit3 =
    "############\n"
    "#..........#\n"
    "#<...>.....#\n"
    "######....##\n"
    "######....##\n"
    "######....##\n"
    "############\n";

}  // namespace catacomb::test::levels
