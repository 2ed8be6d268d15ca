import ArgumentParser
import FXCore
import Foundation

/// The `--background` of `render`, `record` and `sheet`: a color that replaces the canvas's
/// background, or `transparent` / `none` for none at all (PNG with straight alpha, and the
/// video formats that have an alpha channel).
struct CanvasBackground {
    /// The color drawn behind the layers; alpha 0 for none.
    var color: Color

    /// Whether the output keeps an alpha channel.
    var isTransparent: Bool { color.alpha < 1 }

    /// The option's help line.
    static let help = ArgumentHelp(
        "Replace the canvas background: transparent (or none) for an image with alpha, or a color such as '#202020' or white.",
        valueName: "color|transparent|none")

    /// Parses `transparent`, `none`, or a color as effect files spell it (`#rgb`, `#rrggbb`,
    /// `#rrggbbaa`, a CSS name).
    static func parse(_ argument: String) throws -> CanvasBackground {
        let text = argument.trimmingCharacters(in: .whitespaces)
        if ["transparent", "none"].contains(text.lowercased()) { return CanvasBackground(color: .clear) }
        switch ColorParser.parse(text) {
        case .success(let color):
            return CanvasBackground(color: color)
        case .failure(let error):
            let suggestion = error.suggestion.map { " (\($0))" } ?? ""
            throw ValidationError("\(error.message)\(suggestion); use transparent, none, or a color such as '#202020'")
        }
    }

    /// `effect` with this background.
    func applied(to effect: Effect) -> Effect {
        var changed = effect
        changed.canvas.background = color
        return changed
    }
}
