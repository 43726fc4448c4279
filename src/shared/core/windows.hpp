#pragma once
// Internal (not installed): <windows.h> as catacomb includes it, without the rarely used APIs and
// without the min/max macros that break std::min and std::max. Empty on other systems.
#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#endif
