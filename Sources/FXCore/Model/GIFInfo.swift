/// What fx needs to know of an animated GIF without decoding it (decoding is SDL_image's job):
/// its size and each frame's delay. Read by walking the GIF's block structure.
public struct GIFInfo: Sendable, Equatable {
    /// The logical screen width in pixels.
    public var width: Int
    /// The logical screen height in pixels.
    public var height: Int
    /// Seconds each frame shows. Delays of 0 or 0.01 s play at 0.1 s, as browsers do.
    public var delays: [Double]

    /// The frame showing at `time` seconds into the animation, looping.
    public func frame(at time: Double) -> Int {
        let total = delays.reduce(0, +)
        guard total > 0, time.isFinite else { return 0 }
        var t = time.truncatingRemainder(dividingBy: total)
        if t < 0 { t += total }
        for (index, delay) in delays.enumerated() {
            if t < delay { return index }
            t -= delay
        }
        return delays.count - 1
    }
}
