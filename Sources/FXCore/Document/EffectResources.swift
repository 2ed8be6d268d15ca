import Foundation

/// Where an effect's files come from: the images its `textures` and image layers name, and the
/// fonts of its text layers.
///
/// The decoder asks a resolver these questions and opens no file itself, so the program that
/// loads an effect decides where its files live and which fonts exist — FXCore knows no
/// working folder, environment variable, bundled effect or system font folder.
///
/// - ``FileResources`` (FXCore's default when a decode is given none) reads files on disk,
///   relative to the effect's folder, and knows no installed fonts: a text layer names a font
///   file, or decoding says which resolver to use.
/// - `SystemResources`, in the FXEffects module, is what the `fx` command uses: the same files,
///   and the DejaVu families installed in the system's font folders.
/// - Your own: an effect's images held in memory, in an archive or in your app's bundle.
///
/// A *location* is the resolver's own name for a file — an absolute path for files on disk. The
/// decoded model keeps it (``Effect/textures``, ``TextureReference``, ``TextProperties/fontPath``), and
/// FXSDL reads the image or font at that location when it draws; so a program that draws with
/// FXSDL gives locations that are paths, while one that only simulates (hashes, particle
/// counts) may give any names.
///
/// Every answer must depend only on its arguments and the files, never on a clock or a random
/// number, so that the same effect decodes to the same model on every run.
public protocol EffectResources: Sendable {
    /// The location of the file `path` names in an effect (a `textures` entry, a font file):
    /// `path` as the file writes it, relative to the effect's folder unless absolute.
    /// - Parameters:
    ///   - path: the path as written in the effect file.
    ///   - directory: the effect's folder (`"."` for an effect held in memory).
    func location(ofFile path: String, relativeTo directory: String) -> String

    /// The bytes of the file at `location`: the whole file, or with `prefix` only its first
    /// `prefix` bytes (a format's signature or header, fewer if the file is shorter).
    /// - Parameters:
    ///   - location: a location from ``location(ofFile:relativeTo:)``.
    ///   - prefix: how many leading bytes are wanted; nil for all of them.
    ///   - limit: the largest file read; past it the read fails with
    ///     ``FileReadError/Reason/tooLarge(size:limit:)``, so that no file exhausts memory.
    /// - Throws: ``FileReadError`` naming the location and what is wrong with it (missing, a
    ///   directory, too large), which the decoder reports at the key that named the file.
    func contents(at location: String, prefix: Int?, limit: Int) throws(FileReadError) -> [UInt8]

    /// The location of the installed font file of a family the effect format names
    /// (``FontCatalog/families``: "DejaVu Sans" is `DejaVuSans.ttf`), or why there is none, in
    /// words for the diagnostic at the text layer's `font`.
    /// - Parameters:
    ///   - family: the family as the effect writes it.
    ///   - fileName: the family's font file, such as `DejaVuSans.ttf`.
    func installedFont(family: String, fileName: String) -> Result<String, FontCatalog.Failure>
}

extension EffectResources {
    /// Knows no installed fonts: a family name is an error that says how to name a font file or
    /// which resolver finds the system's fonts. A resolver for images alone need not say more.
    /// - Parameters:
    ///   - family: the family as the effect writes it.
    ///   - fileName: the family's font file.
    public func installedFont(family: String, fileName: String) -> Result<String, FontCatalog.Failure> {
        .failure(FontCatalog.Failure(
            message: "the font \"\(family)\" (\(fileName)) is not among the fonts this effect was loaded with",
            suggestion: "name a .ttf or .otf file relative to the effect, or load it with resources that find installed fonts (FXEffects' SystemResources, as fx does)"))
    }
}
