/// Formats a number the way a person writes it: `3`, not `3.0`.
func format(_ value: Double) -> String {
    if value.isFinite && value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
