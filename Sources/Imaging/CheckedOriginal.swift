internal import CVips
import Foundation

/// An original whose size, format and header passed the limits; no pixels decoded yet.
struct CheckedOriginal {
    let input: ImageInput
    let format: ImageFormat
    let header: VipsImageHandle
    let byteCount: Int
}

extension CheckedOriginal {
    /// The probe of this original, from its header and metadata.
    var probe: ImageProbe {
        let orientation = header.orientation
        let swapsAxes = orientation >= 5
        let metadata = ExifReader(image: header)
        return ImageProbe(
            format: format,
            width: swapsAxes ? header.height : header.width,
            height: swapsAxes ? header.width : header.height,
            orientation: orientation,
            exif: metadata.summary,
            gps: metadata.gps,
            keywords: KeywordParser.keywords(iptc: header.blob("iptc-data"), xmp: header.blob("xmp-data")),
            byteCount: byteCount
        )
    }
}
