// The SDL_Renderer backend's source (compiled by SDLRendererBackend.cpp from where Debian
// installs it) includes its header by this bare name; Debian puts the header under
// <backends/…>. This file forwards there.
#include <backends/imgui_impl_sdlrenderer.h>
