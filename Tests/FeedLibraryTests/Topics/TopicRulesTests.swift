import FeedLibrary
import FeedStore
import Testing

/// What `imagefeed topics create|update` refuses, in the sentences it prints.
@Suite("Topic rules")
struct TopicRulesTests {
    @Test func a_title_is_needed_to_create_and_may_not_be_blank_or_too_long() {
        #expect(TopicRules.title(nil, required: true) == "A topic needs a --title.")
        #expect(TopicRules.title("  ", required: false) == "A topic needs a --title.")
        #expect(
            TopicRules.title(String(repeating: "a", count: 101), required: false)
                == "The title must be at most 100 characters.")
        #expect(TopicRules.title(nil, required: false) == nil)
        #expect(TopicRules.title(String(repeating: "a", count: 100), required: true) == nil)
    }

    @Test func store_refusals_are_explained_and_other_errors_are_not() {
        #expect(TopicRules.explain(.conflict("slug")) == "Another topic already has this slug; choose one with --slug.")
        #expect(TopicRules.explain(.notFound("Collection")) == "There is no album with that id.")
        #expect(TopicRules.explain(.notFound("Topic")) == "There is no such topic.")
        #expect(TopicRules.explain(.unavailable("down")) == nil)
    }
}
