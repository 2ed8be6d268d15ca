// UIKit as exported Objective-C uses it (see README.md).
#pragma once
#import <QuartzCore/QuartzCore.h>

@interface UIImage : NSObject
+ (UIImage *)imageNamed:(NSString *)name;
@property (readonly) CGImageRef CGImage;
@end

@interface NSValue (NSValueUIGeometryExtensions)
+ (NSValue *)valueWithCGPoint:(CGPoint)point;
+ (NSValue *)valueWithCGSize:(CGSize)size;
+ (NSValue *)valueWithCGRect:(CGRect)rect;
@end
