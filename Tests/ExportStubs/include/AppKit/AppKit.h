// AppKit as exported Objective-C uses it, with Foundation's macOS-only NSValue boxes (see
// README.md).
#pragma once
#import <QuartzCore/QuartzCore.h>

typedef CGPoint NSPoint;
typedef CGSize NSSize;
typedef CGRect NSRect;

@interface NSGraphicsContext : NSObject
@end

@interface NSImage : NSObject
+ (NSImage *)imageNamed:(NSString *)name;
- (CGImageRef)CGImageForProposedRect:(NSRect *)proposedDestRect context:(NSGraphicsContext *)referenceContext hints:(NSDictionary *)hints;
@end

@interface NSValue (NSValueGeometryExtensions)
+ (NSValue *)valueWithPoint:(NSPoint)point;
+ (NSValue *)valueWithSize:(NSSize)size;
+ (NSValue *)valueWithRect:(NSRect)rect;
@end
