import FeedModels
import Foundation
import Testing

/// Flickr's records and the encoder that writes one record as Flickr's XML and JSON alike.
@Suite("Flickr records")
struct FlickrRecordTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static let tag = FlickrTag(
        id: "1-2-sea", author: "10000001@N07", authorName: "ana", raw: "Sea & Sky", content: "seasky")

    @Test func attributes_text_children_and_lists_take_their_places_in_both_forms() throws {
        // setup
        let record = FlickrRooted(FlickrPhotoTags(id: "50000000001", tags: FlickrTagList(tag: [Self.tag])))

        // act
        let tree = try FlickrEncoder().tree(record)

        // assert
        #expect(
            Self.text(tree.answerJSON())
                == #"{"photo":{"id":"50000000001","tags":{"tag":[{"id":"1-2-sea","author":"10000001@N07","authorname":"ana","raw":"Sea & Sky","_content":"seasky","machine_tag":0}]}},"stat":"ok"}"#
        )
        #expect(
            Self.text(tree.answerXML()) == """
                <?xml version="1.0" encoding="utf-8" ?>
                <rsp stat="ok">
                <photo id="50000000001">
                \t<tags>
                \t\t<tag id="1-2-sea" author="10000001@N07" authorname="ana" raw="Sea &amp; Sky" machine_tag="0">seasky</tag>
                \t</tags>
                </photo>
                </rsp>

                """)
    }

    @Test func an_empty_list_is_an_empty_array_in_json_and_an_empty_element_in_xml() throws {
        let tree = try FlickrEncoder().tree(FlickrRooted(FlickrComments(photoID: "50000000001")))

        #expect(Self.text(tree.answerJSON()) == #"{"comments":{"photo_id":"50000000001","comment":[]},"stat":"ok"}"#)
        #expect(Self.text(tree.answerXML()).contains("<comments photo_id=\"50000000001\" />"))
    }

    @Test func missing_optionals_are_left_out_and_empty_answers_are_just_ok() throws {
        var photo = FlickrListPhoto(id: "5", owner: nil, secret: "abc", server: "65535", farm: 66, title: "t")
        photo.sizes = [FlickrSizedURL(size: .m, url: "http://h/65535/5_abc.jpg", width: 500, height: 333)]

        let listed = Self.text(try FlickrEncoder().tree(photo).json)
        let empty = Self.text(try FlickrEncoder().tree(FlickrEmptyAnswer()).answerJSON())

        #expect(
            listed
                == #"{"id":"5","secret":"abc","server":"65535","farm":66,"title":"t","ispublic":1,"isfriend":0,"isfamily":0,"url_m":"http://h/65535/5_abc.jpg","height_m":333,"width_m":500}"#
        )
        #expect(empty == #"{"stat":"ok"}"#)
    }

    @Test func xml_text_carries_markup_quotes_and_line_breaks_and_drops_what_xml_cannot_hold() {
        #expect(FlickrTree.escape("a<b>&\"c'\nd\u{1}e") == "a&lt;b&gt;&amp;&quot;c&#039;&#10;de")
    }

    @Test func failures_are_written_as_flickr_writes_them() {
        let failure = FlickrFailure(code: 112, message: "Method \"x\" not found")

        #expect(Self.text(failure.json) == #"{"stat":"fail","code":112,"message":"Method \"x\" not found"}"#)
        #expect(Self.text(failure.xml).contains(#"<err code="112" msg="Method &quot;x&quot; not found" />"#))
    }

    @Test func a_photo_list_reads_strings_and_numbers_alike_and_every_size() throws {
        // setup: reference §1.5's search answer, whose sizes mix strings and numbers
        let json = #"""
            {"photos":{"page":1,"pages":7528,"perpage":9,"total":"67746","photo":[
             {"id":"30488776035","owner":"11912988@N02","secret":"8b177af23e","server":"8577","farm":9,
              "title":"New fresh air","ispublic":1,"isfriend":0,"isfamily":0,"description":{"_content":""},
              "dateupload":"1477300000","license":"4","latitude":"25.314511","accuracy":"16","context":0,
              "url_s":"https://farm9.staticflickr.com/8577/30488776035_8b177af23e_m.jpg","height_s":"240","width_s":240,
              "o_width":"1080","o_height":1080}]},"stat":"ok"}
            """#

        // act
        let page = try JSONDecoder().decode(FlickrResponse<FlickrRooted<FlickrPhotoPage>>.self, from: Data(json.utf8))
            .get().record

        // assert
        #expect(page.pages == 7528 && page.total == "67746")
        let photo = try #require(page.photo.first)
        #expect(photo.license == "4" && photo.latitude == "25.314511" && photo.context == 0)
        #expect(photo.originalWidth == "1080" && photo.originalHeight == "1080")
        #expect(
            photo.sizes == [
                FlickrSizedURL(
                    size: .s, url: "https://farm9.staticflickr.com/8577/30488776035_8b177af23e_m.jpg", width: 240,
                    height: 240)
            ])
    }

    @Test func what_the_server_writes_the_client_reads_back() throws {
        var photo = FlickrListPhoto(
            id: "50000000007", owner: "10000002@N07", secret: "0123456789", server: "65535",
            farm: 66, title: "Wood")
        photo.license = "9"
        photo.description = "By the river"
        photo.sizes = [FlickrSizedURL(size: .o, url: "http://h/o.jpg", width: 2560, height: 1920)]
        let page = FlickrPhotoPage(page: 1, pages: 1, perPage: 100, total: 1, photo: [photo])

        let json = try FlickrEncoder().tree(FlickrRooted(page)).answerJSON()
        let read = try JSONDecoder().decode(FlickrResponse<FlickrRooted<FlickrPhotoPage>>.self, from: Data(json)).get()

        #expect(read.record == page)
    }

    @Test func a_failure_is_read_as_the_failure() throws {
        let json = #"{"stat":"fail","code":"100","message":"Invalid API Key (Key has invalid format)"}"#

        let response = try JSONDecoder().decode(FlickrResponse<FlickrEmptyAnswer>.self, from: Data(json.utf8))

        #expect(throws: FlickrFailure(code: 100, message: "Invalid API Key (Key has invalid format)")) {
            try response.get()
        }
    }

    @Test func licences_are_flickrs_0_to_16_each_a_licence_of_the_library() {
        #expect(FlickrLicense.all.map(\.license.number) == Array(0...16))
        for entry in FlickrLicense.all {
            #expect(PhotoLicense(id: entry.libraryID)?.flickrNumber == entry.license.number, "\(entry.libraryID)")
        }
        #expect(PhotoLicense(flickrNumber: 11)?.id == "cc-by-4.0")
        #expect(PhotoLicense(id: "unsplash")?.flickrNumber == 0)
    }
}
