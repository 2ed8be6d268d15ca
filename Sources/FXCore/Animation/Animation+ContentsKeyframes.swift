extension Animation {
    /// A keyframe animation of an image layer's `contents` (`CAKeyframeAnimation` with
    /// `keyPath` `contents` and images as its `values`): frame-by-frame animation, each image
    /// shown in turn. fx draws it in Core Animation's `discrete` mode, each image held until the
    /// next key time; Core Animation's `linear` mode would cross-fade them.
    public struct ContentsKeyframes: Sendable {
        /// The images, in order (the file's texture names, resolved).
        public var frames: [TextureReference]
        /// The frame delays of each image that is an animated GIF (nil for a still).
        public var animations: [GIFInfo?]
        /// When each image shows, 0…1, non-decreasing: image i from `keyTimes[i]` to
        /// `keyTimes[i + 1]` (to the end for the last, when there is one key time per image, as
        /// Core Animation's discrete mode also takes); nil means evenly spaced.
        public var keyTimes: [Double]?

        /// Frames at `keyTimes` (evenly spaced when nil).
        /// - Precondition: `frames` is not empty, and `animations` has one entry per frame.
        public init(frames: [TextureReference], animations: [GIFInfo?]? = nil, keyTimes: [Double]? = nil) {
            precondition(!frames.isEmpty, "contents keyframes need at least one image")
            self.frames = frames
            self.animations = animations ?? frames.map { _ in nil }
            self.keyTimes = keyTimes
        }

        /// The index of the image shown at `fraction` (0…1) of the animation's simple duration.
        public func frame(at fraction: Double) -> Int {
            let count = frames.count
            guard let keyTimes, keyTimes.count >= count else {
                return min(max(Int((fraction * Double(count)).rounded(.down)), 0), count - 1)
            }
            // The last image whose key time has come (an image with an empty span never shows).
            var shown = 0
            for index in 0..<count {
                let end = index + 1 < keyTimes.count ? keyTimes[index + 1] : 1
                if keyTimes[index] <= fraction && keyTimes[index] < end { shown = index }
            }
            return shown
        }
    }
}
