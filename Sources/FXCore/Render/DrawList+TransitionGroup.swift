extension DrawList {
    /// A layer drawn through a transition (`CATransition`): its old and its new drawing are each
    /// drawn apart into a snapshot, and the snapshots are then drawn as meshes — moved, turned,
    /// curled or rippled — composited together, and drawn over the canvas.
    ///
    /// Pixel rectangles are in the pixel grid of ``DrawList/pixelsPerPoint``: pixel (x, y)
    /// covers canvas points [x, x + 1) / pixelsPerPoint.
    public struct TransitionGroup: Sendable {
        /// How a piece combines with the pieces before it.
        public enum Compositing: Sendable, Equatable {
            /// Drawn over them (premultiplied source-over).
            case over
            /// Added to them, colour and alpha alike (premultiplied): two pieces of the same
            /// place with alphas 1 − p and p make a cross-dissolve.
            case add
        }

        /// What a piece's triangles show.
        public enum Source: Sendable, Hashable {
            /// The snapshot of the old drawing, through the texture coordinates.
            case previous
            /// The snapshot of the new drawing.
            case current
            /// The vertex colours alone (shadows, the back of a curled page, an iris's rim).
            case solid
        }

        /// One mesh of the transition: triangles in canvas points, with texture coordinates into
        /// a snapshot and colours multiplied into it.
        public struct Piece: Sendable {
            /// What the triangles show.
            public var source: Source
            /// How the piece combines with those before it.
            public var compositing: Compositing
            /// The triangles' corners: positions in canvas points; texture coordinates 0…1 across
            /// the snapshot *with its one-pixel transparent frame* (``TransitionGroup/snapshotRect``
            /// grown by a pixel on every side); colours (straight alpha) multiplied into the
            /// snapshot's, or drawn as they are for solid pieces.
            public var vertices: [DrawVertex]
            /// Three indices into `vertices` per triangle, drawn in order.
            public var indices: [Int32]
        }

        /// The batches of the old drawing, drawn apart into the `previous` snapshot.
        public var previousBatches: Range<Int>
        /// The batches of the new drawing (`current`), right after the old.
        public var currentBatches: Range<Int>
        /// The pixels each snapshot is taken of: x, y, width, height, inside the canvas.
        public var snapshotRect: (x: Int, y: Int, width: Int, height: Int)
        /// The pixels the composited transition covers and is drawn over, inside the canvas.
        public var rect: (x: Int, y: Int, width: Int, height: Int)
        /// The meshes, composited in order onto transparency.
        public var pieces: [Piece]
        /// When set, the composited transition's alpha is multiplied by this coverage of
        /// ``rect`` (one byte a pixel, rows top to bottom): the layer's bounds, for the
        /// transitions that stay inside them (a page curling off).
        public var clip: [UInt8]?
        /// The layer in the transition (its name, unique in the effect), for the error when
        /// drawing it apart would pass the frame's ``DrawList/maxOffscreenBytes``.
        public var layer: String

        /// Every batch of the group: the old drawing's, then the new's.
        public var batches: Range<Int> { previousBatches.lowerBound..<currentBatches.upperBound }
    }
}
