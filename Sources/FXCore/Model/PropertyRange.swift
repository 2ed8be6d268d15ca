/// The numbers a property may hold.
public enum PropertyRange: Sendable, Equatable {
    /// Any finite number (within ±1e9).
    case any
    /// 0 or more.
    case nonNegative
    /// More than 0.
    case positive
    /// 0…1.
    case unit
    /// Between the two bounds, inclusive.
    case closed(Double, Double)

    /// Whether `value` is allowed.
    public func contains(_ value: Double) -> Bool {
        switch self {
        case .any: return true
        case .nonNegative: return value >= 0
        case .positive: return value > 0
        case .unit: return (0...1).contains(value)
        case .closed(let low, let high): return (low...high).contains(value)
        }
    }

    /// `value` moved into the range: what an animation or a run-time change that passes
    /// beyond it sets. A positive property is held at 0.001 at least.
    public func clamp(_ value: Double) -> Double {
        switch self {
        case .any: return value
        case .nonNegative: return max(0, value)
        case .positive: return max(1e-3, value)
        case .unit: return min(max(value, 0), 1)
        case .closed(let low, let high): return min(max(value, low), high)
        }
    }

    /// What `value` fails to be, in words ("0 or more", "at most 10000000"), for run-time errors.
    public func requirement(brokenBy value: Double) -> String {
        switch self {
        case .any: return "a number"
        case .nonNegative: return "0 or more"
        case .positive: return "more than 0"
        case .unit: return "within 0…1"
        case .closed(let low, _) where value < low: return low == 0 ? "0 or more" : "at least \(format(low))"
        case .closed(_, let high): return "at most \(format(high))"
        }
    }

    /// The range in words ("a number ≥ 0"), for error messages.
    public var phrase: String {
        switch self {
        case .any: return "a number"
        case .nonNegative: return "a number ≥ 0"
        case .positive: return "a number > 0"
        case .unit: return "a number in 0…1"
        case .closed(let low, let high): return "a number in \(format(low))…\(format(high))"
        }
    }
}
