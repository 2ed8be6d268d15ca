// The namespaces of the effect format's keys: each holds the ``PropertyDescriptor`` of every key
// one kind of object accepts, as a static property named after the key
// (`EmitterCellKeys.birthRate`). The registry's files declare Core Animation's keys and fx's
// own; a particle behaviour declares its keys in its own file, in an extension of the namespace
// of the object that carries them. Code that writes, reads or edits a key refers to it here,
// never by a string, so that renaming a key is a compile error wherever it is used.

/// The keys of an effect file's top level.
public enum EffectKeys {}
/// The keys of an effect's `canvas`.
public enum CanvasKeys {}
/// The keys of a transaction under an effect's `transactions`.
public enum TransactionKeys {}
/// The keys of an effect's `reducedMotion` variant.
public enum ReducedMotionKeys {}
/// The keys of an atlas frame under `textures` (`{"path": …, "frame": […]}`).
public enum AtlasFrameKeys {}
/// The keys every layer accepts (`CALayer`'s).
public enum LayerKeys {}
/// The keys of a layer's `timeOffsetFollowsPointer`.
public enum TimeOffsetFollowsPointerKeys {}
/// The keys of a scheduled change under a text or image layer's `transitions`.
public enum ContentTransitionKeys {}
/// The media-timing keys layers, cells and animations accept (`CAMediaTiming`'s).
public enum MediaTimingKeys {}
/// The keys of an emitter layer (`CAEmitterLayer`'s, and fx's).
public enum EmitterLayerKeys {}
/// The keys of a force field under an emitter layer's `fields`.
public enum ForceFieldKeys {}
/// The keys of a collider under an emitter layer's `colliders`.
public enum ColliderKeys {}
/// The keys of an emitter cell (`CAEmitterCell`'s, and fx's particle behaviours').
public enum EmitterCellKeys {}
/// The keys of a sequence over a particle's life (`colorOverLife`, `alphaOverLife`, …).
public enum LifeSequenceKeys {}
/// The keys of a cell's `spriteFrames`.
public enum SpriteFramesKeys {}
/// The keys of a Core Animation `CAEmitterBehavior` under a layer's or cell's `emitterBehaviors`.
public enum EmitterBehaviorKeys {}
/// The keys of a cell's `turbulence`.
public enum TurbulenceKeys {}
/// The keys of a cell's `trail`.
public enum TrailKeys {}
/// The keys of a cell's `orbit`.
public enum OrbitKeys {}
/// The keys of a cell's `flutter`.
public enum FlutterKeys {}
/// The keys of a replicator layer (`CAReplicatorLayer`'s).
public enum ReplicatorLayerKeys {}
/// The keys of a gradient layer (`CAGradientLayer`'s).
public enum GradientLayerKeys {}
/// The keys of a shape layer (`CAShapeLayer`'s).
public enum ShapeLayerKeys {}
/// The keys of a text layer (`CATextLayer`'s).
public enum TextLayerKeys {}
/// The keys of an image layer (a `CALayer` with `contents`).
public enum ImageLayerKeys {}
/// The keys every animation accepts (`CAAnimation`'s and `CAPropertyAnimation`'s).
public enum AnimationKeys {}
/// The keys of a basic animation (`CABasicAnimation`'s).
public enum BasicAnimationKeys {}
/// The keys of a keyframe animation (`CAKeyframeAnimation`'s).
public enum KeyframeAnimationKeys {}
/// The keys of a spring animation (`CASpringAnimation`'s).
public enum SpringAnimationKeys {}
/// The keys of an animation group (`CAAnimationGroup`'s).
public enum GroupAnimationKeys {}
/// The keys of a transition animation (`CATransition`'s).
public enum TransitionAnimationKeys {}
