import CSDL2
import FXCore

/// A panel docked right of the canvas in fx's window (Tab, `fx play --panel`): what the window
/// asks of it and hands it. The window knows only this protocol; fx's property panel, drawn
/// with Dear ImGui, implements it in its own module, and `fx play` gives the window a way to
/// make one (``WindowPlayer/Options/makePanel``), so that the window builds and runs without
/// ImGui.
///
/// The window draws the panel over a strip of its own at the right, in window pixels, after
/// the effect and the overlays, and sends it the events over that strip first. The edits the
/// panel makes go through the closures the window sets before each frame is drawn: recorded in
/// the effect file's text (saved with Ctrl+S, undone with Ctrl+Z) and applied to the player.
public protocol WindowPanel: AnyObject {
    /// The panel's width in window pixels: what the window grows by when it shows.
    static var width: Int { get }

    /// Milliseconds per frame the panel took, averaged: the HUD and the window's event log
    /// show it.
    var shownMilliseconds: Double { get }

    /// Whether the panel takes typing now (a field being typed into): keys then go to it
    /// before the window's own bindings.
    var wantsKeyboard: Bool { get }

    /// The unique name of the layer selected in the panel (a cell's or an animation's layer
    /// when one of those is selected): the canvas shows that layer's handles. Nil: none.
    var selectedLayer: String? { get }

    /// Says that input arrived (any event, the panel's or the window's).
    func noteInput()

    /// Hands the panel an event over its strip (or any key while it takes typing); returns
    /// what it wants of the input, which the canvas then does not see.
    func process(_ event: inout SDL_Event) -> (wantsMouse: Bool, wantsKeyboard: Bool)

    /// Draws the panel over the rectangle (window pixels) of `renderer`'s target, reading and
    /// editing `player`; `clock` is the window's clock in seconds.
    func draw(player: EffectPlayer, renderer: OpaquePointer, x: Float, y: Float, width: Float, height: Float,
              timings: WindowPanelTimings, clock: Double)

    /// Makes an edit: the window records it in the file's text and applies it to the running
    /// effect (`continuing` while one drag goes on, so that the drag is undone at once). Nil:
    /// edits go straight to the player, and nothing is saved.
    var edit: ((_ keyPath: String, _ value: AnimatableValue, _ continuing: Bool) throws -> Void)? { get set }
    /// Sets a key path to a value written as JSON (what cannot change live); the window plays
    /// the effect again from the edited text. Nil: such values are shown only.
    var editJSON: ((_ keyPath: String, _ json: String, _ continuing: Bool) throws -> Void)? { get set }
    /// The value at a key path as the file writes it (nil when the file does not set it).
    var readJSON: ((String) -> JSONNode?)? { get set }
    /// Removes a key, a member or a list's element from the file; the window plays the effect
    /// again from the edited text.
    var removeJSON: ((_ keyPath: String) throws -> Void)? { get set }
    /// Adds an element written as JSON to the list at a key path; the window plays the effect
    /// again from the edited text.
    var appendJSON: ((_ keyPath: String, _ json: String) throws -> Void)? { get set }
    /// Whether the file sets a key path; nil: a value equal to the registry's default counts
    /// as not set.
    var isSetInFile: ((String) -> Bool)? { get set }
    /// A line about the file: unsaved edits, a save, edits dropped by a reload.
    var fileStatus: (text: String, isWarning: Bool)? { get set }
    /// Saves the effect, with the panel's edits, as the file at a path (relative paths are
    /// the working folder's), which then is the file edited and watched; `overwrite` replaces
    /// a file there (asked only after ``SaveAsOutcome/exists``). Nil: there is no text to save.
    var saveAs: ((_ path: String, _ overwrite: Bool) -> SaveAsOutcome)? { get set }
    /// The path a Save as… starts from: a free name beside the effect file (in the working
    /// folder for a shipped effect). Nil: there is no file to save.
    var suggestedSaveAsPath: (() -> String)? { get set }
    /// The Export… menu's formats and the export itself (the effect as edited now, as Core
    /// Animation code or a `.ca` document). Nil: the effect has no file.
    var export: WindowExport? { get set }
    /// Opens the panel's Save as… field with `path` in it, the keyboard in it (Ctrl+Shift+S).
    func beginSaveAs(path: String)
    /// Puts the keyboard in the panel's filter over the selected item's properties (Ctrl+F).
    func focusFilter()
    /// Changes the effect's layers or cells (the tree's row of buttons): one undoable edit of
    /// the file's text; the window plays the effect again from it. Nil: the effect has no
    /// file, and its structure is shown only.
    var editStructure: ((StructureEdit) throws -> Void)? { get set }
    /// Carries out a command of the tree's row on the selected layer or cell (the window's
    /// keys for it: Ctrl+N, Ctrl+D, F2, Delete, Ctrl+Up, Ctrl+Down).
    func perform(_ command: TreeCommand, effect: Effect)
    /// The image files beside the effect file (in its folder and its `textures` folder), as
    /// paths relative to it, that the `contents` control offers. Nil: the effect has no file.
    var imageFiles: (() -> [String])? { get set }
    /// Sets the `contents` at a key path to an image file beside the effect (named under
    /// `textures` first when it is not): one undoable edit; the window plays the effect again.
    var useImageFile: ((_ keyPath: String, _ file: String) throws -> Void)? { get set }
    /// The window's playback, set before each frame the panel draws: what the panel's transport
    /// shows, and how it pauses, steps, restarts, changes the speed and scrubs.
    var transport: WindowTransport? { get set }
}

/// A command of the panel's tree on the selected layer or cell, which the window's keys give too.
public enum TreeCommand: Equatable, Sendable {
    /// Adds a cell to the selected emitter layer, or a sub-cell to the selected cell (Ctrl+N).
    case addCell
    /// Copies it right after itself with a new name (Ctrl+D).
    case duplicate
    /// Opens the rename field (F2).
    case rename
    /// Removes it (Delete).
    case remove
    /// Moves it one place earlier among its siblings (Ctrl+Up).
    case moveUp
    /// Moves it one place later (Ctrl+Down).
    case moveDown
}

/// What a Save as… did: saved, stopped at a file that exists (saved only when asked again to
/// overwrite it), or refused, with the reason.
public enum SaveAsOutcome: Equatable {
    /// Written; the panel's status line says where.
    case saved
    /// A file is at the path: nothing was written.
    case exists
    /// Nothing was written, for this reason.
    case refused(String)
}

/// The window's own averaged timings, which a ``WindowPanel`` shows.
public struct WindowPanelTimings {
    /// Frames shown per second.
    public var fps: Double
    /// Milliseconds one simulation step took.
    public var stepMilliseconds: Double
    /// Milliseconds building and submitting a frame's draw list took.
    public var renderMilliseconds: Double

    /// Timings of these values.
    public init(fps: Double, stepMilliseconds: Double, renderMilliseconds: Double) {
        self.fps = fps
        self.stepMilliseconds = stepMilliseconds
        self.renderMilliseconds = renderMilliseconds
    }
}

extension WindowPlayer {
    /// Makes the panel for the window when it first shows: given the window and its renderer
    /// (`SDL_Window *` and `SDL_Renderer *`) and, when ``Options/logsEvents`` is set, where its
    /// script events go. Throws when the panel cannot start (the window plays on without it).
    public typealias MakePanel = (_ window: OpaquePointer, _ renderer: OpaquePointer, _ logEvent: ((String) -> Void)?) throws
        -> any WindowPanel
}
