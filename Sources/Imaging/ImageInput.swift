internal import CVips
import Foundation

/// Where an original comes from, valid for the length of one `Imaging` call.
///
/// libvips reads buffers in place without copying, so a `.buffer` input and every image made
/// from it must not outlive the closure that lent the bytes.
enum ImageInput {
    case file(String)
    case buffer(UnsafeRawBufferPointer)
}
