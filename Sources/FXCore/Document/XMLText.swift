/// Text made safe for XML, for the files fx writes in it: Core Animation's CAML documents
/// (`fx export --to caml`) and JUnit reports (`fx check --junit`).
public enum XMLText {
    /// `text` escaped for an attribute value in double quotes, or for element content: `&`,
    /// `<`, `>` and `"` as entities; line breaks and tabs as character references, so that they
    /// survive XML's attribute normalization; the other control characters (and U+FFFE,
    /// U+FFFF), which XML 1.0 cannot hold at all, left out.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
