import FXWindow

/// What the window reads of the panel's selection: the layer whose handles the canvas shows.
extension PropertyPanel {
    /// The selected node's layer (a layer's, a cell's or an animation's), by its unique name.
    var selectedLayer: String? { selection?.layer }
}
