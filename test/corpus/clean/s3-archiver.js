// Backup job for a media library: S3 buckets per storage region. Not the platform's recording vendor API.
import { S3Client, PutObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';

const targets = [
  { bucket: 'media-eu', storageRegion: 'eu-central-1', versioned: true },
  { bucket: 'media-us', storageRegion: 'us-east-1', versioned: false },
];

export async function backup(key, bytes) {
  for (const t of targets) {
    const s3 = new S3Client({ region: t.storageRegion });
    await s3.send(new PutObjectCommand({ Bucket: t.bucket, Key: key, Body: bytes, StorageClass: 'STANDARD_IA' }));
  }
}

export async function inventory() {
  const out = {};
  for (const { bucket, storageRegion } of targets) {
    const s3 = new S3Client({ region: storageRegion });
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 100 }));
    out[bucket] = { region: storageRegion, count: page.KeyCount ?? 0 };
  }
  return out;
}
