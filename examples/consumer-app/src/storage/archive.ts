import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { config } from '../config.js';

interface ArchiveTarget {
  bucket: string;
  storageRegion: string;
  prefix: string;
}

const target: ArchiveTarget = {
  bucket: config.archive.bucket,
  storageRegion: config.archive.storageRegion ?? process.env.AWS_REGION ?? 'eu-west-1',
  prefix: config.archive.prefix,
};

const s3 = new S3Client({ region: target.storageRegion });

export async function archiveCsv(name: string, csv: string): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: target.bucket, Key: `${target.prefix}${name}`, Body: csv, ContentType: 'text/csv' }));
}

export function describeArchive(): string {
  return `s3://${target.bucket}/${target.prefix} (${target.storageRegion}, orgStorageRegionEnabled=n/a)`;
}
