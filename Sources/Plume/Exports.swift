import Foundation

// `import Plume` brings Foundation with it (CGPoint, CGFloat, NSNumber, TimeInterval…), as
// `import QuartzCore` or `import UIKit` does on iOS, so ported files need no other import.
@_exported import Foundation
