/// The closest of `candidates` to `word`, when it is close enough to be a likely misspelling.
public func closestMatch(to word: String, in candidates: [String]) -> String? {
    // Nothing long is a misspelling of a name; and edit distance is quadratic in length.
    guard word.count <= 64 else { return nil }
    let lowered = word.lowercased()
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = candidate.lowercased() == lowered ? 0 : editDistance(lowered, candidate.lowercased())
        if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    guard let best else { return nil }
    let allowed = max(2, word.count / 3)
    return best.distance <= allowed ? best.name : nil
}

/// Levenshtein distance, for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
