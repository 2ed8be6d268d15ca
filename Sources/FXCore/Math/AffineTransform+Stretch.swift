extension AffineTransform {
    /// How much the transform lengthens a segment at most (the longer of its axes' images).
    var largestStretch: Double {
        max((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot())
    }
}
