//  SnowEmitter.m
//  Gentle snow over a dark scene: two sizes of flakes drifting down and sideways,
//  a few big ones in front. Objective-C, as many older apps set it up.

#import <UIKit/UIKit.h>
#import <QuartzCore/QuartzCore.h>

#define FLAKE_LIFETIME 14.0
#define DRIFT (M_PI / 12)
static const CGFloat kSnowHeight = 640.0;
static const CGFloat kSnowWidth = 360.0;

@interface SnowViewController : UIViewController
@property (nonatomic, strong) CAEmitterLayer *snowLayer;
@end

@implementation SnowViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.view.backgroundColor = [UIColor blackColor];

    CAEmitterLayer *snow = [CAEmitterLayer layer];
    snow.frame = CGRectMake(0, 0, kSnowWidth, kSnowHeight);
    snow.emitterPosition = CGPointMake(kSnowWidth / 2, -20);
    snow.emitterSize = CGSizeMake(kSnowWidth * 1.2, 0);
    snow.emitterShape = kCAEmitterLayerLine;
    snow.emitterMode = kCAEmitterLayerOutline;
    snow.renderMode = kCAEmitterLayerOldestFirst;
    [snow setSeed:42];

    CAEmitterCell *flake = [CAEmitterCell emitterCell];
    flake.name = @"flake";
    flake.birthRate = 20;
    flake.lifetime = FLAKE_LIFETIME;
    flake.velocity = 40;
    flake.velocityRange = 20;
    flake.yAcceleration = 6;
    flake.xAcceleration = 2.5f;
    flake.emissionLongitude = M_PI_2;
    flake.emissionRange = DRIFT;
    flake.spinRange = 0.5;
    [flake setScale:0.1];
    [flake setScaleRange:0.05];
    flake.alphaSpeed = -0.03;
    flake.color = [[UIColor colorWithRed:0.9 green:0.95 blue:1.0 alpha:0.9] CGColor];
    flake.contents = (id)[[UIImage imageNamed:@"snowflake"] CGImage];

    CAEmitterCell *bigFlake = [[CAEmitterCell alloc] init];
    bigFlake.name = @"bigFlake";
    bigFlake.birthRate = 2;
    bigFlake.lifetime = FLAKE_LIFETIME / 2;
    bigFlake.velocity = 80;
    bigFlake.emissionLongitude = M_PI_2;
    bigFlake.emissionRange = DRIFT / 2;
    bigFlake.scale = 0.3;
    bigFlake.spin = -0.4;
    bigFlake.color = [UIColor whiteColor].CGColor;
    bigFlake.contents = (__bridge id)[UIImage imageNamed:@"snowflake"].CGImage;
    bigFlake.magnificationFilter = kCAFilterNearest;

    snow.emitterCells = @[flake, bigFlake];
    snow.shadowOpacity = 1.0;
    snow.shadowRadius = 0.0;
    snow.shadowOffset = CGSizeMake(0.0, 1.0);
    snow.shadowColor = [[UIColor whiteColor] CGColor];
    [self.view.layer addSublayer:snow];
    self.snowLayer = snow;
}

- (void)windDidChange:(CGFloat)strength {
    [self.snowLayer setValue:@(strength) forKeyPath:@"emitterCells.flake.xAcceleration"];
}

@end
