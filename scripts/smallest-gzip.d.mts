/** The gzip copy of a built asset: Zopfli's output, or zlib's level 9 where that is smaller; verified by decoding. */
export declare function smallestGzip(body: Buffer): Promise<Buffer>
