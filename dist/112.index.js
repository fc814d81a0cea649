export const id = 112;
export const ids = [112];
export const modules = {

/***/ 82112:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   createVertex: () => (/* binding */ createVertex)
/* harmony export */ });
/* harmony import */ var _anthropic_ai_vertex_sdk__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(82033);
/* harmony import */ var google_auth_library__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(492);
/* harmony import */ var google_auth_library__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(google_auth_library__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(83916);



function noCredentials(error) {
    return new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ModelAccessError */ .uN(`No usable Google credentials were found for Vertex AI (${(0,_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .gJ)(error).split('\n')[0]}): sign in ` +
        'with google-github-actions/auth before this step (with `permissions: id-token: write`), or set ' +
        'GOOGLE_APPLICATION_CREDENTIALS.');
}
/**
 * Gets a Google access token before the first request. The SDK would retry a failure as a connection
 * fault; without credentials no retry helps.
 */
function credentialsFirst(client) {
    let checked;
    return async (request, next) => {
        checked ??= client.getAccessToken().then(() => undefined, (error) => {
            throw noCredentials(error);
        });
        await checked;
        return next(request);
    };
}
/**
 * The client, with Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS, as
 * google-github-actions/auth leaves it after Workload Identity Federation) read first: a missing or
 * unreadable file ends the run here, before any request.
 */
async function createVertex(target, common) {
    const auth = new google_auth_library__WEBPACK_IMPORTED_MODULE_1__.GoogleAuth({ scopes: 'https://www.googleapis.com/auth/cloud-platform' });
    let authClient;
    try {
        authClient = await auth.getClient();
    }
    catch (error) {
        throw noCredentials(error);
    }
    const client = new _anthropic_ai_vertex_sdk__WEBPACK_IMPORTED_MODULE_0__/* .AnthropicVertex */ .dc({
        region: target.region,
        projectId: target.project,
        authClient,
        ...(common.baseUrl ? { baseURL: common.baseUrl } : {}),
        // The version goes into the body, where the provider wants its own.
        defaultHeaders: { 'anthropic-version': 'vertex-2023-10-16' },
        maxRetries: common.maxRetries,
        timeout: common.timeoutMs,
        fetch: common.fetch,
        middleware: [credentialsFirst(authClient)]
    });
    return client;
}


/***/ })

};
