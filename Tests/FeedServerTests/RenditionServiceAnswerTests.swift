import FeedStore
import Foundation
import Imaging
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// The rendition service's refusals as HTTP answers them.
@Suite("Rendition service, answered", .fixtureLibrary)
struct RenditionServiceAnswerTests {
    @Test func renders_past_the_running_and_waiting_bounds_are_refused_with_503() async throws {
        try await withRenditionService(threads: 1, maxWaiting: 1) { service, photo, _ in
            // setup: the one render slot is taken
            try await service.admission.acquire()

            // act: one render waits for the slot; the next finds the queue full
            let waiting = Task {
                try await service.rendition(of: photo, spec: RenditionSpec(width: 131, format: .webp))
            }
            while await service.admission.load.waiting < 1 { await Task.yield() }
            do {
                _ = try await service.rendition(of: photo, spec: RenditionSpec(width: 137, format: .webp))
                Issue.record("a render past the queue was accepted")
            } catch {
                // as HTTP answers it, through the server's one mapping of errors
                let answer = APIError(error)
                #expect(answer.status == .serviceUnavailable)
                #expect(answer.headers[.retryAfter] == "2")
                #expect(answer.messages == ["The server is busy making other images; try again in 2 seconds."])
            }

            // assert: once the slot is free, the waiting render completes; a cached rendition never queues
            await service.admission.release()
            #expect(try Imaging().probe(data: try await waiting.value).width == 131)
            #expect(await service.admission.load == (0, 0))
            try await service.admission.acquire()
            #expect(
                try await service.rendition(of: photo, spec: RenditionSpec(width: 131, format: .webp)).isEmpty == false)
            await service.admission.release()
        }
    }
}
