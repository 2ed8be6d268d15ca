// Dear ImGui's SDL_Renderer backend includes SDL by its bare name, <SDL.h>, which pkg-config's
// -I…/SDL2 used to resolve; fx reads no pkg-config flags for SDL2 (see CSDL2 in Package.swift),
// so this file forwards to where SDL2 installs it.
#include <SDL2/SDL.h>
