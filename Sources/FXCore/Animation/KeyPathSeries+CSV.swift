extension KeyPathSeries {
    /// `series` as comma-separated values (RFC 4180): a header row `time,` then one column
    /// per component (``componentNames``), then one row per sample time. Numbers are written as
    /// `fx inspect` writes them: whole numbers without a fraction (`30`, not `30.0`), others in
    /// the shortest form that reads back as the same double (`0.1`, `22.5`, `1e-05`), so the
    /// same effect gives the same bytes; a missing value (NaN, a layer not presented) is an
    /// empty field. The series are expected to share their times, as
    /// ``Effect/sample(_:from:to:count:)`` makes them; the first one's are used.
    public static func csv(_ series: [KeyPathSeries]) -> String {
        let names = ["time"] + series.flatMap(\.componentNames)
        var text = names.map(csvField).joined(separator: ",") + "\n"
        let times = series.first?.times ?? []
        for (index, time) in times.enumerated() {
            let values = series.flatMap { entry in entry.values.map { index < $0.count ? $0[index] : .nan } }
            text += ([time] + values).map(csvNumber).joined(separator: ",") + "\n"
        }
        return text
    }

    /// A number as `fx inspect` writes it, or an empty field for a missing one.
    static func csvNumber(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        return format(value)
    }

    /// A header field, quoted when it holds a comma, a quote or a line break (a layer's name may).
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
