import NIOCore

extension ConnectionGuard {
    /// The client stopped taking its answer (the outbound buffer filled) or took some of it again: a connection
    /// that stays full for ``ConnectionSettings/writeTimeout`` is closed, so that a client that never reads cannot
    /// hold an answer, its buffers and a connection for ever. Called on writability changes only, never per request.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            stallTimer?.cancel()
            stallTimer = nil
        } else if stallTimer == nil, let timeout = settings.writeTimeoutAmount {
            let channel = context.channel
            let registry = settings.registry
            stallTimer = context.eventLoop.scheduleTask(in: timeout) {
                registry?.counted(.writeStalled)
                channel.close(promise: nil)
            }
        }
        context.fireChannelWritabilityChanged()
    }
}

extension ConnectionGuard {
    /// Counts a part of a request body; the first part starts the check of the body's rate. Bodies only: the cached
    /// answers of the fast path, which have none, never come here.
    func bodyReceived(_ count: Int, context: ChannelHandlerContext) {
        if body != nil {
            body!.bytes += count
            return
        }
        guard let rate = settings.minimumBodyRate else { return }
        let start = NIODeadline.now()
        let grace = settings.bodyRateGrace
        let channel = context.channel
        let registry = settings.registry
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        let check = context.eventLoop.scheduleRepeatedTask(initialDelay: grace, delay: .seconds(1)) { task in
            let handler = loopBound.value
            guard let body = handler.body else { return task.cancel() }
            let seconds = Double((NIODeadline.now() - body.start).nanoseconds) / 1e9
            guard Double(body.bytes) < Double(rate) * seconds else { return }
            task.cancel()
            handler.body = nil
            registry?.counted(.slowBody)
            channel.close(promise: nil)
        }
        body = (start, count, check)
    }

    /// The request's body ended (or the connection closed): its rate is no longer watched.
    func bodyEnded() {
        body?.check.cancel()
        body = nil
    }
}
