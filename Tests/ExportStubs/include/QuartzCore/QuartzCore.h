// Core Animation as exported Objective-C uses it, with the Core Graphics, Core Foundation and
// Foundation declarations it needs: shapes copied from Apple's SDK headers (see README.md).
#pragma once

typedef signed char BOOL;
#define YES ((BOOL)1)
#define NO ((BOOL)0)
#define NULL ((void *)0)
#define nil ((id)0)
#define HUGE_VAL __builtin_huge_val()
#define HUGE_VALF __builtin_huge_valf()
typedef unsigned long size_t;
typedef unsigned int uint32_t;
typedef long NSInteger;
typedef unsigned long NSUInteger;
typedef double CGFloat;
typedef double CFTimeInterval;
typedef const void *CFTypeRef;
typedef const struct __CFString *CFStringRef;
typedef const struct __CFArray *CFArrayRef;
typedef const struct __CFDictionary *CFDictionaryRef;

CFTypeRef CFAutorelease(CFTypeRef arg);
CFTypeRef CFRetain(CFTypeRef cf);
void CFRelease(CFTypeRef cf);

// MARK: Foundation

@class NSString;

__attribute__((objc_root_class))
@interface NSObject
+ (instancetype)alloc;
+ (instancetype)new;
- (instancetype)init;
- (void)setValue:(id)value forKey:(NSString *)key;
@end

@interface NSString : NSObject
- (BOOL)isEqualToString:(NSString *)aString;
@end

@interface NSArray<ObjectType> : NSObject
+ (instancetype)arrayWithObjects:(const ObjectType _Nonnull [_Nullable])objects count:(NSUInteger)cnt;
@end

@interface NSDictionary<KeyType, ObjectType> : NSObject
@end

@interface NSValue : NSObject
@end

@interface NSNumber : NSValue
+ (NSNumber *)numberWithChar:(char)value;
+ (NSNumber *)numberWithInt:(int)value;
+ (NSNumber *)numberWithUnsignedInt:(unsigned int)value;
+ (NSNumber *)numberWithLong:(long)value;
+ (NSNumber *)numberWithUnsignedLong:(unsigned long)value;
+ (NSNumber *)numberWithLongLong:(long long)value;
+ (NSNumber *)numberWithUnsignedLongLong:(unsigned long long)value;
+ (NSNumber *)numberWithFloat:(float)value;
+ (NSNumber *)numberWithDouble:(double)value;
+ (NSNumber *)numberWithBool:(BOOL)value;
+ (NSNumber *)numberWithInteger:(NSInteger)value;
+ (NSNumber *)numberWithUnsignedInteger:(NSUInteger)value;
@end

// MARK: Core Graphics

struct CGPoint { CGFloat x; CGFloat y; };
typedef struct CGPoint CGPoint;
struct CGSize { CGFloat width; CGFloat height; };
typedef struct CGSize CGSize;
struct CGRect { CGPoint origin; CGSize size; };
typedef struct CGRect CGRect;
struct CGAffineTransform { CGFloat a, b, c, d; CGFloat tx, ty; };
typedef struct CGAffineTransform CGAffineTransform;
extern const CGPoint CGPointZero;
static inline CGPoint CGPointMake(CGFloat x, CGFloat y) { CGPoint p; p.x = x; p.y = y; return p; }
static inline CGSize CGSizeMake(CGFloat width, CGFloat height) { CGSize s; s.width = width; s.height = height; return s; }
static inline CGRect CGRectMake(CGFloat x, CGFloat y, CGFloat width, CGFloat height) {
    CGRect r; r.origin.x = x; r.origin.y = y; r.size.width = width; r.size.height = height; return r;
}

typedef struct CGColor *CGColorRef;
typedef struct CGColorSpace *CGColorSpaceRef;
typedef const struct CGPath *CGPathRef;
typedef struct CGPath *CGMutablePathRef;
typedef struct CGImage *CGImageRef;
typedef struct CGContext *CGContextRef;
typedef struct CGGradient *CGGradientRef;

CGColorRef CGColorCreateSRGB(CGFloat red, CGFloat green, CGFloat blue, CGFloat alpha);
void CGColorRelease(CGColorRef color);
extern const CFStringRef kCGColorSpaceSRGB;
CGColorSpaceRef CGColorSpaceCreateWithName(CFStringRef name);
void CGColorSpaceRelease(CGColorSpaceRef space);

CGMutablePathRef CGPathCreateMutable(void);
void CGPathMoveToPoint(CGMutablePathRef path, const CGAffineTransform *m, CGFloat x, CGFloat y);
void CGPathAddLineToPoint(CGMutablePathRef path, const CGAffineTransform *m, CGFloat x, CGFloat y);
void CGPathAddQuadCurveToPoint(CGMutablePathRef path, const CGAffineTransform *m, CGFloat cpx, CGFloat cpy, CGFloat x, CGFloat y);
void CGPathAddCurveToPoint(CGMutablePathRef path, const CGAffineTransform *m, CGFloat cp1x, CGFloat cp1y, CGFloat cp2x, CGFloat cp2y,
                           CGFloat x, CGFloat y);
void CGPathCloseSubpath(CGMutablePathRef path);
void CGPathRelease(CGPathRef path);

typedef enum CGImageAlphaInfo : uint32_t {
    kCGImageAlphaNone, kCGImageAlphaPremultipliedLast, kCGImageAlphaPremultipliedFirst, kCGImageAlphaLast, kCGImageAlphaFirst,
    kCGImageAlphaNoneSkipLast, kCGImageAlphaNoneSkipFirst, kCGImageAlphaOnly
} CGImageAlphaInfo;
typedef enum CGLineCap : int { kCGLineCapButt, kCGLineCapRound, kCGLineCapSquare } CGLineCap;
typedef enum CGGradientDrawingOptions : uint32_t {
    kCGGradientDrawsBeforeStartLocation = 1, kCGGradientDrawsAfterEndLocation = 2
} CGGradientDrawingOptions;

CGContextRef CGBitmapContextCreate(void *data, size_t width, size_t height, size_t bitsPerComponent, size_t bytesPerRow, CGColorSpaceRef space,
                                   uint32_t bitmapInfo);
CGImageRef CGBitmapContextCreateImage(CGContextRef context);
void CGContextRelease(CGContextRef c);
void CGContextTranslateCTM(CGContextRef c, CGFloat tx, CGFloat ty);
void CGContextScaleCTM(CGContextRef c, CGFloat sx, CGFloat sy);
void CGContextSetRGBFillColor(CGContextRef c, CGFloat red, CGFloat green, CGFloat blue, CGFloat alpha);
void CGContextSetRGBStrokeColor(CGContextRef c, CGFloat red, CGFloat green, CGFloat blue, CGFloat alpha);
void CGContextSetLineWidth(CGContextRef c, CGFloat width);
void CGContextSetLineCap(CGContextRef c, CGLineCap cap);
void CGContextFillRect(CGContextRef c, CGRect rect);
void CGContextFillEllipseInRect(CGContextRef c, CGRect rect);
void CGContextStrokeEllipseInRect(CGContextRef c, CGRect rect);
void CGContextMoveToPoint(CGContextRef c, CGFloat x, CGFloat y);
void CGContextAddLineToPoint(CGContextRef c, CGFloat x, CGFloat y);
void CGContextClosePath(CGContextRef c);
void CGContextFillPath(CGContextRef c);
void CGContextStrokePath(CGContextRef c);
CGGradientRef CGGradientCreateWithColors(CGColorSpaceRef space, CFArrayRef colors, const CGFloat *locations);
void CGGradientRelease(CGGradientRef gradient);
void CGContextDrawRadialGradient(CGContextRef c, CGGradientRef gradient, CGPoint startCenter, CGFloat startRadius, CGPoint endCenter,
                                 CGFloat endRadius, CGGradientDrawingOptions options);

// MARK: Core Animation: values

struct CATransform3D {
    CGFloat m11, m12, m13, m14;
    CGFloat m21, m22, m23, m24;
    CGFloat m31, m32, m33, m34;
    CGFloat m41, m42, m43, m44;
};
typedef struct CATransform3D CATransform3D;
extern const CATransform3D CATransform3DIdentity;
CFTimeInterval CACurrentMediaTime(void);
CATransform3D CATransform3DMakeTranslation(CGFloat tx, CGFloat ty, CGFloat tz);
CATransform3D CATransform3DMakeScale(CGFloat sx, CGFloat sy, CGFloat sz);
CATransform3D CATransform3DMakeRotation(CGFloat angle, CGFloat x, CGFloat y, CGFloat z);
CATransform3D CATransform3DTranslate(CATransform3D t, CGFloat tx, CGFloat ty, CGFloat tz);
CATransform3D CATransform3DScale(CATransform3D t, CGFloat sx, CGFloat sy, CGFloat sz);
CATransform3D CATransform3DRotate(CATransform3D t, CGFloat angle, CGFloat x, CGFloat y, CGFloat z);
CATransform3D CATransform3DConcat(CATransform3D a, CATransform3D b);

@interface NSValue (CATransform3DAdditions)
+ (NSValue *)valueWithCATransform3D:(CATransform3D)t;
@end

typedef NSString *CAMediaTimingFillMode;
extern CAMediaTimingFillMode const kCAFillModeForwards, kCAFillModeBackwards, kCAFillModeBoth, kCAFillModeRemoved;
typedef NSString *CAMediaTimingFunctionName;
extern CAMediaTimingFunctionName const kCAMediaTimingFunctionLinear, kCAMediaTimingFunctionEaseIn, kCAMediaTimingFunctionEaseOut,
    kCAMediaTimingFunctionEaseInEaseOut, kCAMediaTimingFunctionDefault;
typedef NSString *CAEmitterLayerEmitterShape;
extern CAEmitterLayerEmitterShape const kCAEmitterLayerPoint, kCAEmitterLayerLine, kCAEmitterLayerRectangle, kCAEmitterLayerCuboid,
    kCAEmitterLayerCircle, kCAEmitterLayerSphere;
typedef NSString *CAEmitterLayerEmitterMode;
extern CAEmitterLayerEmitterMode const kCAEmitterLayerPoints, kCAEmitterLayerOutline, kCAEmitterLayerSurface, kCAEmitterLayerVolume;
typedef NSString *CAEmitterLayerRenderMode;
extern CAEmitterLayerRenderMode const kCAEmitterLayerUnordered, kCAEmitterLayerOldestFirst, kCAEmitterLayerOldestLast,
    kCAEmitterLayerBackToFront, kCAEmitterLayerAdditive;
typedef NSString *CAAnimationCalculationMode;
extern CAAnimationCalculationMode const kCAAnimationLinear, kCAAnimationDiscrete, kCAAnimationPaced, kCAAnimationCubic,
    kCAAnimationCubicPaced;
typedef NSString *CAAnimationRotationMode;
extern CAAnimationRotationMode const kCAAnimationRotateAuto, kCAAnimationRotateAutoReverse;
typedef NSString *CATransitionType;
extern CATransitionType const kCATransitionFade, kCATransitionMoveIn, kCATransitionPush, kCATransitionReveal;
typedef NSString *CATransitionSubtype;
extern CATransitionSubtype const kCATransitionFromRight, kCATransitionFromLeft, kCATransitionFromTop, kCATransitionFromBottom;
typedef NSString *CAShapeLayerFillRule;
extern CAShapeLayerFillRule const kCAFillRuleNonZero, kCAFillRuleEvenOdd;
typedef NSString *CAShapeLayerLineCap;
extern CAShapeLayerLineCap const kCALineCapButt, kCALineCapRound, kCALineCapSquare;
typedef NSString *CAShapeLayerLineJoin;
extern CAShapeLayerLineJoin const kCALineJoinMiter, kCALineJoinRound, kCALineJoinBevel;
typedef NSString *CAGradientLayerType;
extern CAGradientLayerType const kCAGradientLayerAxial, kCAGradientLayerRadial, kCAGradientLayerConic;
typedef NSString *CATextLayerAlignmentMode;
extern CATextLayerAlignmentMode const kCAAlignmentNatural, kCAAlignmentLeft, kCAAlignmentRight, kCAAlignmentCenter, kCAAlignmentJustified;
typedef NSString *CATextLayerTruncationMode;
extern CATextLayerTruncationMode const kCATruncationNone, kCATruncationStart, kCATruncationEnd, kCATruncationMiddle;
typedef NSString *CALayerContentsGravity;
extern CALayerContentsGravity const kCAGravityCenter, kCAGravityTop, kCAGravityBottom, kCAGravityLeft, kCAGravityRight,
    kCAGravityTopLeft, kCAGravityTopRight, kCAGravityBottomLeft, kCAGravityBottomRight, kCAGravityResize, kCAGravityResizeAspect,
    kCAGravityResizeAspectFill;
typedef NSString *CALayerContentsFilter;
extern CALayerContentsFilter const kCAFilterNearest, kCAFilterLinear, kCAFilterTrilinear;

// MARK: Core Animation: timing

@protocol CAMediaTiming
@property CFTimeInterval beginTime;
@property CFTimeInterval duration;
@property float speed;
@property CFTimeInterval timeOffset;
@property float repeatCount;
@property CFTimeInterval repeatDuration;
@property BOOL autoreverses;
@property (copy) CAMediaTimingFillMode fillMode;
@end

@interface CAMediaTimingFunction : NSObject
+ (instancetype)functionWithName:(CAMediaTimingFunctionName)name;
+ (instancetype)functionWithControlPoints:(float)c1x :(float)c1y :(float)c2x :(float)c2y;
@end

// MARK: Core Animation: layers

@class CAAnimation;

@interface CALayer : NSObject <CAMediaTiming>
+ (instancetype)layer;
@property CGRect bounds;
@property CGPoint position;
@property CGFloat zPosition;
@property CGPoint anchorPoint;
@property CGFloat anchorPointZ;
@property CATransform3D transform;
@property CGRect frame;
@property (getter=isHidden) BOOL hidden;
@property (getter=isDoubleSided) BOOL doubleSided;
@property (getter=isGeometryFlipped) BOOL geometryFlipped;
@property (copy) NSArray<CALayer *> *sublayers;
@property CATransform3D sublayerTransform;
@property (strong) CALayer *mask;
@property BOOL masksToBounds;
@property (strong) id contents;
@property CGRect contentsRect;
@property (copy) CALayerContentsGravity contentsGravity;
@property CGFloat contentsScale;
@property CGRect contentsCenter;
@property (copy) CALayerContentsFilter minificationFilter;
@property (copy) CALayerContentsFilter magnificationFilter;
@property float minificationFilterBias;
@property (getter=isOpaque) BOOL opaque;
@property BOOL allowsEdgeAntialiasing;
@property CGColorRef backgroundColor;
@property CGFloat cornerRadius;
@property CGFloat borderWidth;
@property CGColorRef borderColor;
@property float opacity;
@property BOOL allowsGroupOpacity;
@property (strong) id compositingFilter;
@property (copy) NSArray *filters;
@property (copy) NSArray *backgroundFilters;
@property BOOL shouldRasterize;
@property CGFloat rasterizationScale;
@property CGColorRef shadowColor;
@property float shadowOpacity;
@property CGSize shadowOffset;
@property CGFloat shadowRadius;
@property CGPathRef shadowPath;
@property (copy) NSString *name;
- (void)addSublayer:(CALayer *)layer;
- (void)insertSublayer:(CALayer *)layer atIndex:(unsigned)idx;
- (void)addAnimation:(CAAnimation *)anim forKey:(NSString *)key;
@end

@class CAEmitterCell;

@interface CAEmitterLayer : CALayer
@property (copy) NSArray<CAEmitterCell *> *emitterCells;
@property float birthRate;
@property float lifetime;
@property CGPoint emitterPosition;
@property CGFloat emitterZPosition;
@property CGSize emitterSize;
@property CGFloat emitterDepth;
@property (copy) CAEmitterLayerEmitterShape emitterShape;
@property (copy) CAEmitterLayerEmitterMode emitterMode;
@property (copy) CAEmitterLayerRenderMode renderMode;
@property BOOL preservesDepth;
@property float velocity;
@property float scale;
@property float spin;
@property unsigned int seed;
@end

@interface CAEmitterCell : NSObject <CAMediaTiming>
+ (instancetype)emitterCell;
@property (copy) NSString *name;
@property (getter=isEnabled) BOOL enabled;
@property float birthRate;
@property float lifetime;
@property float lifetimeRange;
@property CGFloat emissionLatitude;
@property CGFloat emissionLongitude;
@property CGFloat emissionRange;
@property CGFloat velocity;
@property CGFloat velocityRange;
@property CGFloat xAcceleration;
@property CGFloat yAcceleration;
@property CGFloat zAcceleration;
@property CGFloat scale;
@property CGFloat scaleRange;
@property CGFloat scaleSpeed;
@property CGFloat spin;
@property CGFloat spinRange;
@property CGColorRef color;
@property float redRange;
@property float greenRange;
@property float blueRange;
@property float alphaRange;
@property float redSpeed;
@property float greenSpeed;
@property float blueSpeed;
@property float alphaSpeed;
@property (strong) id contents;
@property CGRect contentsRect;
@property CGFloat contentsScale;
@property (copy) NSString *minificationFilter;
@property (copy) NSString *magnificationFilter;
@property float minificationFilterBias;
@property (copy) NSArray<CAEmitterCell *> *emitterCells;
@property (copy) NSDictionary *style;
@end

@interface CAShapeLayer : CALayer
@property CGPathRef path;
@property CGColorRef fillColor;
@property (copy) CAShapeLayerFillRule fillRule;
@property CGColorRef strokeColor;
@property CGFloat strokeStart;
@property CGFloat strokeEnd;
@property CGFloat lineWidth;
@property CGFloat miterLimit;
@property (copy) CAShapeLayerLineCap lineCap;
@property (copy) CAShapeLayerLineJoin lineJoin;
@property CGFloat lineDashPhase;
@property (copy) NSArray<NSNumber *> *lineDashPattern;
@end

@interface CAGradientLayer : CALayer
@property (copy) NSArray *colors;
@property (copy) NSArray<NSNumber *> *locations;
@property CGPoint startPoint;
@property CGPoint endPoint;
@property (copy) CAGradientLayerType type;
@end

@interface CATextLayer : CALayer
@property (copy) id string;
@property CFTypeRef font;
@property CGFloat fontSize;
@property CGColorRef foregroundColor;
@property (getter=isWrapped) BOOL wrapped;
@property (copy) CATextLayerTruncationMode truncationMode;
@property (copy) CATextLayerAlignmentMode alignmentMode;
@property BOOL allowsFontSubpixelQuantization;
@end

@interface CAReplicatorLayer : CALayer
@property NSInteger instanceCount;
@property BOOL preservesDepth;
@property CFTimeInterval instanceDelay;
@property CATransform3D instanceTransform;
@property CGColorRef instanceColor;
@property float instanceRedOffset;
@property float instanceGreenOffset;
@property float instanceBlueOffset;
@property float instanceAlphaOffset;
@end

@interface CATransformLayer : CALayer
@end

// MARK: Core Animation: animations

@interface CAAnimation : NSObject <CAMediaTiming>
+ (instancetype)animation;
@property (strong) CAMediaTimingFunction *timingFunction;
@property (getter=isRemovedOnCompletion) BOOL removedOnCompletion;
@end

@interface CAPropertyAnimation : CAAnimation
+ (instancetype)animationWithKeyPath:(NSString *)path;
@property (copy) NSString *keyPath;
@property (getter=isAdditive) BOOL additive;
@property (getter=isCumulative) BOOL cumulative;
@end

@interface CABasicAnimation : CAPropertyAnimation
@property (strong) id fromValue;
@property (strong) id toValue;
@property (strong) id byValue;
@end

@interface CAKeyframeAnimation : CAPropertyAnimation
@property (copy) NSArray *values;
@property CGPathRef path;
@property (copy) NSArray<NSNumber *> *keyTimes;
@property (copy) NSArray<CAMediaTimingFunction *> *timingFunctions;
@property (copy) CAAnimationCalculationMode calculationMode;
@property (copy) NSArray<NSNumber *> *tensionValues;
@property (copy) NSArray<NSNumber *> *continuityValues;
@property (copy) NSArray<NSNumber *> *biasValues;
@property (copy) CAAnimationRotationMode rotationMode;
@end

@interface CASpringAnimation : CABasicAnimation
@property CGFloat mass;
@property CGFloat stiffness;
@property CGFloat damping;
@property CGFloat initialVelocity;
@property BOOL allowsOverdamping;
@property (readonly) CFTimeInterval settlingDuration;
@property (readonly) CFTimeInterval perceptualDuration;
@property (readonly) CGFloat bounce;
@end

@interface CATransition : CAAnimation
@property (copy) CATransitionType type;
@property (copy) CATransitionSubtype subtype;
@property float startProgress;
@property float endProgress;
@end

@interface CAAnimationGroup : CAAnimation
@property (copy) NSArray<CAAnimation *> *animations;
@end
