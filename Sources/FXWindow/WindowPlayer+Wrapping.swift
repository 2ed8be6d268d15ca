extension WindowPlayer {
    /// `text` broken into lines of at most `columns` characters, at spaces: a word moves whole
    /// to the next line, and only a word longer than a line is cut. How the error overlay
    /// wraps a load error's message to the canvas width.
    public static func wrap(_ text: String, columns: Int) -> [String] {
        let columns = max(columns, 1)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            if !line.isEmpty && line.count + 1 + word.count <= columns {
                line += " " + word
                continue
            }
            if !line.isEmpty { lines.append(line) }
            // A word wider than a line: cut into whole lines, the rest begins the next one.
            while word.count > columns {
                lines.append(String(word.prefix(columns)))
                word = word.dropFirst(columns)
            }
            line = String(word)
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
