/// Formats a number the way a person writes it: `3`, not `3.0`.
func format(_ value: Double) -> String {
    if value.isFinite && value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}

/// Formats a count with its thousands apart, as the documentation writes limits: `10 000`.
func formatGrouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var text = value < 0 ? "-" : ""
    for (offset, digit) in digits.enumerated() {
        if offset > 0, (digits.count - offset) % 3 == 0 { text += " " }
        text.append(digit)
    }
    return text
}
