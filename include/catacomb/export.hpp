#pragma once
/// Symbol visibility of catacomb's public API.
///
/// The library is built with hidden visibility (`-fvisibility=hidden`), so a shared build
/// (`BUILD_SHARED_LIBS=ON`) exports only what the installed headers declare between
/// CATACOMB_PUBLIC_BEGIN and CATACOMB_PUBLIC_END; the search engine's internals, the open list
/// and the other headers under src/ stay private to the library. In a static build (the
/// default) these macros change nothing a consumer can see.
///
/// On Windows a shared build exports every symbol of the DLL instead (CMake's
/// WINDOWS_EXPORT_ALL_SYMBOLS); the C API (catacomb.h) is exported explicitly everywhere.

#if defined(_WIN32) || defined(__CYGWIN__)
#define CATACOMB_PUBLIC_BEGIN
#define CATACOMB_PUBLIC_END
#define CATACOMB_HIDDEN
#elif defined(__GNUC__) || defined(__clang__)
#define CATACOMB_PUBLIC_BEGIN _Pragma("GCC visibility push(default)")
#define CATACOMB_PUBLIC_END _Pragma("GCC visibility pop")
/// Marks a library-internal type nested in a public class (a pimpl's Impl), on its declaration
/// and its definition alike; it would otherwise inherit the public class's default visibility.
#define CATACOMB_HIDDEN __attribute__((visibility("hidden")))
#else
#define CATACOMB_PUBLIC_BEGIN
#define CATACOMB_PUBLIC_END
#define CATACOMB_HIDDEN
#endif
