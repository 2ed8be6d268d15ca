import FXCore

extension RGBAImage {
    /// The picture of how `actual` differs from `expected`, for `fx check --diff-dir`: a pixel
    /// that is the same in both shows dimmed (a quarter of its gray), one that differs shows red,
    /// the brighter the larger its largest channel difference (even a difference of 1 shows),
    /// and where only one of two images of different sizes has pixels shows magenta.
    static func difference(expected: RGBAImage, actual: RGBAImage) -> (image: RGBAImage, differing: Int) {
        let width = max(expected.width, actual.width), height = max(expected.height, actual.height)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var differing = 0
        for y in 0..<height {
            for x in 0..<width {
                let out = (y * width + x) * 4
                guard x < expected.width, y < expected.height, x < actual.width, y < actual.height else {
                    pixels[out] = 255; pixels[out + 1] = 0; pixels[out + 2] = 255
                    differing += 1
                    continue
                }
                let a = (y * expected.width + x) * 4, b = (y * actual.width + x) * 4
                var largest = 0
                for channel in 0..<4 { largest = Swift.max(largest, abs(Int(expected.pixels[a + channel]) - Int(actual.pixels[b + channel]))) }
                if largest == 0 {
                    let gray = (Int(actual.pixels[b]) * 299 + Int(actual.pixels[b + 1]) * 587 + Int(actual.pixels[b + 2]) * 114) / 1000
                    let dimmed = UInt8(gray * Int(actual.pixels[b + 3]) / 255 / 4)
                    pixels[out] = dimmed; pixels[out + 1] = dimmed; pixels[out + 2] = dimmed
                } else {
                    pixels[out] = UInt8(Swift.min(255, 96 + largest * 2)); pixels[out + 1] = 0; pixels[out + 2] = 0
                    differing += 1
                }
            }
        }
        return (RGBAImage(width: width, height: height, pixels: pixels), differing)
    }
}
