extension Rect {
    /// The smallest rectangle holding every finite point, or nil for none.
    static func enclosing(_ points: [Point]) -> Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points where p.x.isFinite && p.y.isFinite {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        guard minX.isFinite else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The smallest rectangle holding both.
    func union(_ other: Rect) -> Rect {
        let minX = min(origin.x, other.origin.x), minY = min(origin.y, other.origin.y)
        let maxX = max(origin.x + size.width, other.origin.x + other.size.width)
        let maxY = max(origin.y + size.height, other.origin.y + other.size.height)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The rectangle moved in by `amount` on every side (out for a negative amount).
    func insetBy(_ amount: Double) -> Rect {
        Rect(x: origin.x + amount, y: origin.y + amount, width: size.width - 2 * amount, height: size.height - 2 * amount)
    }
}
