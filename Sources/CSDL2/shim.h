// The one C seam of fx: SDL2, SDL_image and SDL_ttf, plus inline helpers for what Swift
// cannot import from their headers (function-like macros).
#ifndef FX_CSDL2_SHIM_H
#define FX_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>

/// SDL_WINDOWPOS_CENTERED is a macro of a macro; Swift sees neither.
static inline int fx_window_position_centered(void) { return SDL_WINDOWPOS_CENTERED; }

/// SDL_MUSTLOCK is a function-like macro.
static inline int fx_surface_must_lock(SDL_Surface *surface) { return SDL_MUSTLOCK(surface) ? 1 : 0; }

/// The 32-bit RGBA layout whose bytes in memory are R, G, B, A on every platform.
static inline Uint32 fx_pixelformat_rgba32(void) { return SDL_PIXELFORMAT_RGBA32; }

/// Asks the CPU to start loading the cache lines of `size` bytes at `address` for reading:
/// fx's rasterizer reads triangle records in an order no hardware prefetcher guesses.
static inline void fx_prefetch(const void *address, int size) {
    for (int offset = 0; offset < size; offset += 64) __builtin_prefetch((const char *)address + offset, 0, 3);
}

/// The current OpenGL context's GL_RENDERER string (Mesa's software OpenGL says "llvmpipe (LLVM
/// 15.0.6, 256 bits)"), or NULL when no context is current. SDL loads OpenGL itself, so
/// glGetString is looked up through it rather than linked.
static inline const char *fx_gl_renderer(void) {
    if (SDL_GL_GetCurrentContext() == NULL) return NULL;
    typedef const unsigned char *(*fx_gl_get_string)(unsigned int);
    fx_gl_get_string get_string = (fx_gl_get_string)SDL_GL_GetProcAddress("glGetString");
    return get_string ? (const char *)get_string(0x1F01 /* GL_RENDERER */) : NULL;
}

#endif
