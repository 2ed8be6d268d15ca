import CSDL2
import FXCore

/// SDL's high-resolution counter, in seconds: a clock to give `EffectPlayer.clock` so that
/// its stats report how long a step takes. (The engine itself reads no clock.)
public enum SDLClock {
    /// Seconds since an arbitrary start, from `SDL_GetPerformanceCounter`.
    public static func seconds() -> Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }
}
