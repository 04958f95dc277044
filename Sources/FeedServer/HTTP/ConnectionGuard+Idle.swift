import NIOCore

extension ConnectionGuard {
    /// Starts counting the connection's idle time when it opens. The count is a time stamp, moved by every request
    /// part and by every answer that leaves the connection with nothing under way; the one timer only looks at it
    /// when it fires, so requests never schedule anything.
    func startIdleTimer(context: ChannelHandlerContext) {
        guard idleTimer == nil, let timeout = settings.idleTimeoutAmount else { return }
        lastActivity = context.eventLoop.now
        scheduleIdleCheck(at: lastActivity + timeout, channel: context.channel)
    }

    /// The last answer under way ended: the idle time starts again, and the timer, stopped while a request was
    /// being answered, runs again.
    func answered(context: ChannelHandlerContext) {
        guard let timeout = settings.idleTimeoutAmount, context.channel.isActive else { return }
        lastActivity = context.eventLoop.now
        if idleTimer == nil { scheduleIdleCheck(at: lastActivity + timeout, channel: context.channel) }
    }

    private func scheduleIdleCheck(at deadline: NIODeadline, channel: any Channel) {
        let handler = NIOLoopBound(self, eventLoop: channel.eventLoop)
        idleTimer = channel.eventLoop.scheduleTask(deadline: deadline) {
            handler.value.idleTimerFired(channel: channel)
        }
    }

    /// Closes the connection when nothing happened on it for the idle timeout, unless a request it read whole is
    /// being answered (a slow answer is the write timeout's to judge): then the answer's end restarts the count. A
    /// request whose head or body stops coming is idle too.
    private func idleTimerFired(channel: any Channel) {
        idleTimer = nil
        guard let timeout = settings.idleTimeoutAmount, channel.isActive else { return }
        if unanswered > 0, !reading { return }
        let deadline = lastActivity + timeout
        if channel.eventLoop.now >= deadline {
            channel.close(promise: nil)
        } else {
            scheduleIdleCheck(at: deadline, channel: channel)
        }
    }
}
