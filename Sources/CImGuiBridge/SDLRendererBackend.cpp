// Dear ImGui's SDL_Renderer backend. Debian's libimgui-dev builds the SDL2 platform backend
// into libimgui.a but ships this one only as source, under its documentation folder; it is
// compiled here from there, so fx carries no copy of ImGui's code and always matches the
// installed library's version.
// ImGui 1.86's header clears objects with memset, which newer clang warns about; the header is
// Debian's, not fx's, so that one warning is off here.
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#pragma clang diagnostic ignored "-Wnontrivial-memcall"
#define FX_IMGUI_SDLRENDERER_SOURCE "/usr/share/doc/libimgui-dev/examples/backends/imgui_impl_sdlrenderer.cpp"
#if __has_include(FX_IMGUI_SDLRENDERER_SOURCE)
#include FX_IMGUI_SDLRENDERER_SOURCE
#else
#error "Dear ImGui's SDL_Renderer backend is missing: install libimgui-dev (Debian 12 ships it in /usr/share/doc/libimgui-dev/examples/backends; a system that drops /usr/share/doc on install needs that path kept)"
#endif
