import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { DomainException } from '../../common/errors/domain.exception';

/**
 * Holds the document of the running app. Bootstrap hands it the builder (it needs the application
 * itself, which a provider cannot inject); the document is built on first request and kept, since
 * the routes do not change while the process runs.
 */
@Injectable()
export class ApiDocsService {
  private build: (() => OpenAPIObject) | null = null;
  private document: OpenAPIObject | null = null;

  setBuilder(build: () => OpenAPIObject): void {
    this.build = build;
    this.document = null;
  }

  current(): OpenAPIObject {
    if (!this.document) {
      if (!this.build) throw DomainException.notFound();
      this.document = this.build();
    }
    return this.document;
  }
}
