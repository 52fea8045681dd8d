/// A curl command pasted into the URL field that names files for its content (`-d @body.json`,
/// `-F 'note=<note.txt'`): the reducer does no I/O, so the program imports it again on the work
/// queue with those files read — relative to the working directory, as the shell that would run
/// the command sees them — and hands the request back as `curlPasted`.
package struct PastedCurl: Sendable, Equatable {
    package var key: RequestKey
    package var text: String
    /// Where relative file names in the command are read from (the explorer's working directory).
    package var workingDirectory: String
    /// The collection's folder: file bodies and file parts are stored relative to it.
    package var collectionFolder: String

    package init(key: RequestKey, text: String, workingDirectory: String, collectionFolder: String) {
        self.key = key
        self.text = text
        self.workingDirectory = workingDirectory
        self.collectionFolder = collectionFolder
    }
}
