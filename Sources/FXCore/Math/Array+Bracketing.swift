extension Array {
    /// The neighbouring indices `low`, `high = low + 1` around the point where `isAtOrBelow`
    /// turns false, by bisection, for an array sorted so that it is true up to some index and
    /// false after (a table of cumulative lengths searched for a distance). With one element,
    /// both are 0.
    func bracketing(_ isAtOrBelow: (Element) -> Bool) -> (low: Int, high: Int) {
        var low = 0, high = count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if isAtOrBelow(self[middle]) { low = middle } else { high = middle }
        }
        return (low, high)
    }
}
