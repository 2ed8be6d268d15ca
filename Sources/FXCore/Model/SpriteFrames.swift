/// A sprite sheet animation: frames laid out in a grid over the cell's `contentsRect`.
public struct SpriteFrames: Sendable, Equatable {
    /// Frames across the grid (1…256 in an effect file).
    public var columns: Int
    /// Frames down the grid (1…256 in an effect file).
    public var rows: Int
    /// Frames used, row by row from the top left (default columns × rows).
    public var count: Int
    /// Frames per second; nil plays the frames once over the particle's life.
    public var framesPerSecond: Double?
    /// With a frame rate: start again after the last frame (true) or hold it.
    public var loops = true

    /// A grid of `columns` × `rows` frames, of which the first `count` play, at `framesPerSecond`
    /// (nil: once over the particle's life), looping by default.
    public init(columns: Int, rows: Int, count: Int, framesPerSecond: Double?, loops: Bool = true) {
        self.columns = columns
        self.rows = rows
        self.count = count
        self.framesPerSecond = framesPerSecond
        self.loops = loops
    }
}
