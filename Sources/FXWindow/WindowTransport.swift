/// The window's playback as a ``WindowPanel`` shows and drives it: the moment, the duration,
/// pause and speed as the window has them this frame, where the animations' keyframes fall,
/// and the way back to the window. The window sets it before each frame the panel draws; a
/// command the panel sends is done by the window as its next frame starts, by the same code as
/// its keys (space, →, r, `[` and `]`) and its scrubbing, so that the panel and the keys drive
/// one playback.
public struct WindowTransport {
    /// What a panel asks of the window's playback.
    public enum Command: Equatable {
        /// Pause, or play on (space).
        case togglePause
        /// Start over at time 0 (r).
        case restart
        /// Pause, and take one simulation step (→ while paused).
        case step
        /// Play at this speed, clamped to ``WindowTransport/speedRange``.
        case setSpeed(Double)
        /// Show this moment, in seconds of the effect, and hold it while the scrub goes on: the
        /// window seeks there as a drag across the canvas does (in slices, from time 0 when the
        /// moment is behind, behind a progress bar when it is far).
        case scrub(to: Double)
        /// The scrub is over: the effect plays on from the moment shown (or stays, when paused).
        case endScrub
    }

    /// The effect time shown, in seconds (the moment a seek under way is going to).
    public var time: Double
    /// The effect's `duration`: the time scrubbed across is 0…duration.
    public var duration: Double
    /// Seconds one simulation step takes (1 / the step rate): what ``Command/step`` advances.
    public var stepDuration: Double
    /// Whether time stands still.
    public var isPaused: Bool
    /// How fast time passes: 1 is real time.
    public var speed: Double
    /// Whether a scrub holds the time (the panel's or one across the canvas).
    public var isScrubbing: Bool
    /// How far a seek under way is, 0…1; nil when the effect shows its time.
    public var seekProgress: Double?
    /// The effect times at which the animations' keyframes fall (and the others begin and end,
    /// each repeat's too), within 0…duration, sorted, at most
    /// ``WindowTransport/maxKeyframeMoments``.
    public var keyframeMoments: [Double]
    /// Sends a command to the window, which does it as its next frame starts.
    public var perform: (Command) -> Void

    /// The speeds a panel offers, slowest to fastest: from the slowest of the keys' (`[` and
    /// `]`) to 4×.
    public static let speedRange: ClosedRange<Double> = 0.1...4
    /// The most keyframe moments a transport lists: an animation repeated many times within the
    /// duration marks its first ones.
    public static let maxKeyframeMoments = 512

    /// A transport of these values.
    public init(time: Double, duration: Double, stepDuration: Double, isPaused: Bool, speed: Double, isScrubbing: Bool,
                seekProgress: Double?, keyframeMoments: [Double], perform: @escaping (Command) -> Void) {
        self.time = time
        self.duration = duration
        self.stepDuration = stepDuration
        self.isPaused = isPaused
        self.speed = speed
        self.isScrubbing = isScrubbing
        self.seekProgress = seekProgress
        self.keyframeMoments = keyframeMoments
        self.perform = perform
    }
}
