import CurlTransport
import Futures
import Interop
import Workspace

extension ContractSources {
    /// What `lazer` reads contracts with: YAML as the OpenAPI import does, and a URL fetched by a
    /// libcurl dispatcher of its own (once per document and process; its answer delivered on its
    /// own thread, so waiting for it never waits on the run's or the explorer's queues).
    static let lazer = ContractSources(
        yaml: ContractSources.openAPI.yaml,
        fetch: { address in
            let dispatcher = CurlDispatcher(
                configuration: .init(scheduler: ImmediateScheduler(), userAgent: "lazer/\(LazerVersion.current)"))
            defer { dispatcher.shutdown() }
            return ContractSources.fetcher(dispatcher)(address)
        })
}
